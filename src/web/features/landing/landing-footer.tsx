import { Music } from "lucide-react";
import { SectionContainer } from "./section-container";

// The spec's footer holds non-linked items: plain text, deliberately not links.
const footerItems = ["About", "Teachers", "Parents", "Privacy", "Terms", "Contact"];

export function LandingFooter() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-slate-50">
      <SectionContainer className="flex flex-col gap-6 py-10 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white">
            <Music aria-hidden="true" className="size-4" />
          </span>
          <span>© {new Date().getFullYear()} Music Lessons</span>
        </p>
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
          {footerItems.map((item) => (
            <li key={item}>
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </SectionContainer>
    </footer>
  );
}
