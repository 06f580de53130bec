import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { findAccountQuerySchema, type FindAccountInput } from "../../../../shared/operator/accounts.schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { invalidProps } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api";
import { useFindAccount } from "./use-operator-account";

/**
 * Find an account by its exact email and open its page (issue 27). A small form meant for the
 * operator home; the account page shows it too.
 */
export function FindAccountForm() {
  const navigate = useNavigate();
  const find = useFindAccount();
  const form = useForm<FindAccountInput, unknown, { email: string }>({ resolver: zodResolver(findAccountQuerySchema), defaultValues: { email: "" } });
  const error = form.formState.errors.email?.message;
  const onSubmit = form.handleSubmit(({ email }) =>
    find.mutate(email, { onSuccess: ({ userId }) => void navigate(`/operator/accounts/${encodeURIComponent(userId)}`) }),
  );
  return (
    <form noValidate onSubmit={onSubmit} role="search" aria-label="Find an account" className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <Field id="find-account-email" label="Find an account by email" error={error} required>
            <Input id="find-account-email" aria-required="true" type="email" autoComplete="off" placeholder="name@example.com" {...invalidProps("find-account-email", error)} {...form.register("email")} />
          </Field>
        </div>
        <Button type="submit" variant="secondary" disabled={find.isPending} className={error ? "sm:mb-7" : undefined}>
          {find.isPending ? "Finding..." : "Find"}
        </Button>
      </div>
      {find.isError ? <Alert tone="info">{errorMessage(find.error, "Could not look the account up. Please try again.")}</Alert> : null}
    </form>
  );
}
