import { ShieldCheck, Star, TrendingUp, UserRound, type LucideIcon } from "lucide-react";
import { SectionContainer } from "./section-container";

const claims: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: UserRound,
    title: "Personalised 1-on-1 lessons",
    text: "Every lesson is built around your child's level, pace and goals.",
  },
  {
    icon: ShieldCheck,
    title: "Verified and vetted teachers",
    text: "Teachers apply and pass our screening, references included, before they teach.",
  },
  {
    icon: Star,
    title: "Honest reviews from parents",
    text: "Read what other families say before you book a lesson.",
  },
  {
    icon: TrendingUp,
    title: "Goal and progress tracking",
    text: "Set goals, earn achievements and follow progress after every lesson.",
  },
];

/** "1-on-1" split over two lines after its hyphen reads badly in narrow cards. */
function keepHyphenatedWordsWhole(text: string) {
  return text.split(/(\S+-\S+)/).map((part, index) =>
    part.includes("-") ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

export function Claims() {
  return (
    <section aria-labelledby="landing-claims-title" className="py-16 sm:py-20">
      <SectionContainer>
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="landing-claims-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Why families choose Music Lessons
          </h2>
          <p className="mt-4 text-lg text-slate-600">Everything a young musician needs to start well and keep going.</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {claims.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-white p-6 ring-1 ring-slate-200 transition-shadow hover:shadow-md">
              <span className="flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{keepHyphenatedWordsWhole(title)}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </SectionContainer>
    </section>
  );
}
