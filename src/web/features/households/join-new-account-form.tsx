import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { RELATIONSHIPS } from "../../../shared/accounts/accounts.constants";
import { joinWithNewAccountSchema } from "../../../shared/households/households.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { OptionsSelect, setServerErrors } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { PasswordInput } from "../../components/ui/password-input";
import { errorMessage } from "../../lib/api";
import { useJoinWithNewAccount } from "./use-household";

type JoinInput = z.input<typeof joinWithNewAccountSchema>;
const FIELDS = ["firstName", "lastName", "password", "relationshipToChild", "relationshipOther"] as const;

/** An invitee without an account: their parent login, made with the invited address, then they are in. */
export function JoinNewAccountForm({ token, email, onJoined }: { token: string; email: string; onJoined: () => Promise<void> }) {
  const join = useJoinWithNewAccount(onJoined);
  const form = useForm<JoinInput>({
    resolver: zodResolver(joinWithNewAccountSchema),
    defaultValues: { token, firstName: "", lastName: "", password: "", relationshipToChild: "father", relationshipOther: "" },
  });
  const relationship = useWatch({ control: form.control, name: "relationshipToChild" });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) =>
    join.mutate(joinWithNewAccountSchema.parse(values), { onError: (error) => setServerErrors(error, form.setError, FIELDS) }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <Field id="join-email" label="Email">
        <Input id="join-email" value={email} readOnly tone="muted" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="join-first-name" label="First name" error={errors.firstName?.message}>
          <Input id="join-first-name" autoComplete="given-name" {...form.register("firstName")} />
        </Field>
        <Field id="join-last-name" label="Last name" error={errors.lastName?.message}>
          <Input id="join-last-name" autoComplete="family-name" {...form.register("lastName")} />
        </Field>
      </div>
      <Field id="join-relationship" label="Relationship to the child" error={errors.relationshipToChild?.message}>
        <OptionsSelect id="join-relationship" options={RELATIONSHIPS} {...form.register("relationshipToChild")} />
      </Field>
      {relationship === "other" ? (
        <Field id="join-relationship-other" label="Please describe" error={errors.relationshipOther?.message}>
          <Input id="join-relationship-other" {...form.register("relationshipOther")} />
        </Field>
      ) : null}
      <Field id="join-password" label="Password" hint="At least 8 characters" error={errors.password?.message}>
        <PasswordInput id="join-password" autoComplete="new-password" {...form.register("password")} />
      </Field>
      {join.error && !Object.keys(errors).length ? <Alert>{errorMessage(join.error, "Failed to create your login")}</Alert> : null}
      <Button type="submit" className="w-full" disabled={join.isPending}>
        {join.isPending ? "Joining..." : "Create login and join"}
      </Button>
    </form>
  );
}
