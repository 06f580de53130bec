import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";

/** A list or thread that failed to load: the server's message (or `fallback`) and Try again. */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <div className="p-4">
      <Alert>
        <p>{errorMessage(error, fallback)}</p>
        <Button variant="link" className="mt-1" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    </div>
  );
}
