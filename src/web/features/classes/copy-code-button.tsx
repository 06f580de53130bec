import { Check, Copy } from "lucide-react";
import { Button } from "../../components/ui/button";
import { useFlash } from "../../components/ui/form";

/** Copies a join code; "Copied!" confirms it for 2 seconds (or says to copy by hand if the browser refuses). */
export function CopyCodeButton({ code, className }: { code: string; className?: string }) {
  const flash = useFlash(2000);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      flash.show("Copied!");
    } catch {
      flash.show("Select the code to copy it");
    }
  };
  return (
    <Button variant="secondary" size="sm" className={className} onClick={() => void copy()} aria-label={flash.message ? undefined : `Copy code ${code}`}>
      {flash.message === "Copied!" ? <Check aria-hidden className="size-4 text-emerald-600" /> : <Copy aria-hidden className="size-4" />}
      <span aria-live="polite">{flash.message ?? "Copy"}</span>
    </Button>
  );
}
