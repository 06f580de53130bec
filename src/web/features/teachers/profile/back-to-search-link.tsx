import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../../lib/cn";
import { useBackToSearch } from "./profile-links";

const LOOKS = {
  link: "text-brand-700 hover:underline",
  /** The way out of a dead end (e.g. Teacher Not Found): a filled brand button. */
  button: "rounded-lg bg-brand-600 px-4 py-2.5 text-white hover:bg-brand-700 hover:no-underline",
} as const;

/** `cn` does not resolve conflicting classes (see lib/cn.ts): choose the colours with `look`, not `className`. */
export function BackToSearchLink({ look = "link", className }: { look?: keyof typeof LOOKS; className?: string }) {
  const { href, onClick } = useBackToSearch();
  return (
    <Link to={href} onClick={onClick} className={cn("inline-flex items-center gap-1.5 text-sm font-medium", LOOKS[look], className)}>
      <ArrowLeft aria-hidden className="size-4" />
      Back to Search
    </Link>
  );
}
