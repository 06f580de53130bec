import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../../lib/cn";
import { useBackToSearch } from "./profile-links";

export function BackToSearchLink({ className }: { className?: string }) {
  const { href, onClick } = useBackToSearch();
  return (
    <Link
      to={href}
      onClick={onClick}
      className={cn("inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline", className)}
    >
      <ArrowLeft aria-hidden className="size-4" />
      Back to Search
    </Link>
  );
}
