import { HandCoins, PackagePlus } from "lucide-react";
import { useState } from "react";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { PaymentOnAccountDialog, SellPackageDialog } from "./balance-dialogs";
import { FamilyBalanceView } from "./family-balance-view";
import { useFamilyBalances, useTeacherFamilyBalance } from "./use-invoices";

/** The teacher's Invoices page, one family chosen: its balance, and the two ways to add to it (issue 40). */
export function TeacherFamilyBalanceSection({ parentId, familyName }: { parentId: string; familyName: string }) {
  const balance = useTeacherFamilyBalance(parentId);
  const [dialog, setDialog] = useState<"payment" | "package" | null>(null);
  const onOpenChange = (open: boolean) => {
    if (!open) setDialog(null);
  };
  return (
    <section aria-labelledby="family-balance-heading" className="rounded-2xl border border-slate-200 bg-slate-50/60 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="family-balance-heading" className="text-lg font-semibold break-words text-slate-900">
            Balance with {familyName}
          </h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">Money received before an invoice, credit from void invoices, and prepaid lesson packages.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDialog("payment")}>
            <HandCoins aria-hidden className="size-4" />
            Record payment on account
          </Button>
          <Button variant="secondary" onClick={() => setDialog("package")}>
            <PackagePlus aria-hidden className="size-4" />
            Sell lesson package
          </Button>
        </div>
      </div>
      <div className="mt-4">
        {balance.isPending ? (
          <p role="status" className="text-slate-600">
            Loading the balance...
          </p>
        ) : balance.isError ? (
          <Alert>
            <p>{errorMessage(balance.error, "Failed to load the balance")}</p>
            <Button variant="link" className="mt-1" onClick={() => void balance.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <FamilyBalanceView balance={balance.data} />
        )}
      </div>
      <PaymentOnAccountDialog parentId={parentId} familyName={familyName} open={dialog === "payment"} onOpenChange={onOpenChange} />
      <SellPackageDialog parentId={parentId} familyName={familyName} open={dialog === "package"} onOpenChange={onOpenChange} />
    </section>
  );
}

/** /billing: the family's balance and lesson packages with each teacher they have any with (issue 40). */
export function FamilyBalancesSection() {
  const balances = useFamilyBalances();
  if (balances.isPending || (balances.isSuccess && balances.data.length === 0)) return null;
  return (
    <section aria-labelledby="family-balances-heading" className="space-y-4">
      <h2 id="family-balances-heading" className="text-xl font-semibold text-slate-900">
        Balance and lesson packages
      </h2>
      {balances.isError ? (
        <Alert>
          <p>{errorMessage(balances.error, "Failed to load your balance")}</p>
          <Button variant="link" className="mt-1" onClick={() => void balances.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        balances.data.map((balance) => (
          <div key={balance.teacherId} className="rounded-2xl border border-slate-200 bg-slate-50/60 p-5" data-testid="family-balance">
            <h3 className="text-lg font-semibold break-words text-slate-900">With {balance.teacherName}</h3>
            <div className="mt-3">
              <FamilyBalanceView balance={balance} subheading="h4" />
            </div>
          </div>
        ))
      )}
    </section>
  );
}
