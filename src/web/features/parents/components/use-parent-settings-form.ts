import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch, type FieldPath, type UseFormReturn } from "react-hook-form";
import {
  parentSettingsFormSchema,
  type ParentSettings,
  type ParentSettingsForm,
  type ParentSettingsFormInput,
  type ParentSettingsUpdateInput,
} from "../../../../shared/parents/parents.schemas";
import { setServerErrors, useFlash } from "../../../components/ui/form";
import { EMAIL_PREFERENCES_QUERY_KEY } from "../../accounts/use-email-preferences";
import { useUpdateParentSettings } from "../use-parent";

/** Spec section 2: the success banner shows for 3 seconds. */
export const SAVED_BANNER_MS = 3000;

export type ParentSettingsFormApi = UseFormReturn<ParentSettingsFormInput, unknown, ParentSettingsForm>;

const FORM_FIELDS: readonly FieldPath<ParentSettingsFormInput>[] = [
  "firstName",
  "lastName",
  "phone",
  "location",
  "address",
  "notifications",
  "notifications.email",
  "notifications.sms",
  "allowStudentMessages",
  "timeZone",
];

function toFormValues(settings: ParentSettings): ParentSettingsFormInput {
  return {
    firstName: settings.firstName,
    lastName: settings.lastName,
    phone: settings.phone ?? "",
    location: settings.location ?? "",
    address: settings.address ?? "",
    notifications: settings.notifications,
    allowStudentMessages: settings.allowStudentMessages,
    timeZone: settings.timeZone ?? "",
  };
}

/** The parent's settings form: its state, and Save Changes (what is sent, and what follows). */
export function useParentSettingsForm(settings: ParentSettings) {
  const update = useUpdateParentSettings();
  const queryClient = useQueryClient();
  const saved = useFlash(SAVED_BANNER_MS);
  const form = useForm<ParentSettingsFormInput, unknown, ParentSettingsForm>({
    resolver: zodResolver(parentSettingsFormSchema),
    defaultValues: toFormValues(settings),
    mode: "onChange",
  });
  const { dirtyFields } = form.formState;
  const smsOn = useWatch({ control: form.control, name: "notifications.sms" });
  const emailSwitchOn = useWatch({ control: form.control, name: "notifications.email" }) || smsOn;

  const onSubmit = (values: ParentSettingsForm) => {
    saved.clear();
    const patch: ParentSettingsUpdateInput = {
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone,
      location: values.location,
      address: values.address,
      allowStudentMessages: values.allowStudentMessages,
      timeZone: values.timeZone,
      // Untouched switches are not sent: a stored choice they cannot show (sign-up's "In-app")
      // must survive saving a new phone number.
      ...(dirtyFields.notifications?.email || dirtyFields.notifications?.sms ? { notifications: values.notifications } : {}),
    };
    update.mutate(patch, {
      onSuccess: (next) => {
        form.reset(toFormValues(next));
        saved.show("Settings saved successfully!");
        // The email switches below lock and unlock with Email notifications (their `emailOn`).
        if (patch.notifications) void queryClient.invalidateQueries({ queryKey: EMAIL_PREFERENCES_QUERY_KEY });
      },
      onError: (error) => setServerErrors(error, form.setError, FORM_FIELDS),
    });
  };

  return { form, update, saved, smsOn, emailSwitchOn, submit: form.handleSubmit(onSubmit) };
}
