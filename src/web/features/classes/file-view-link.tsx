import { ExternalLink } from "lucide-react";
import { cn } from "../../lib/cn";

/** "View" for a class file, in a new tab: the same link on the Files tab and in Earlier students. */
export function FileViewLink({ file, className }: { file: { name: string; url: string }; className?: string }) {
  return (
    <a
      href={file.url}
      target="_blank"
      rel="noopener"
      className={cn("inline-flex items-center gap-1 font-medium text-brand-700 hover:underline", className)}
      aria-label={`View ${file.name} (opens in a new tab)`}
    >
      View
      <ExternalLink aria-hidden className="size-3.5" />
    </a>
  );
}
