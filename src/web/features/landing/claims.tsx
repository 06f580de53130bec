import { ShieldCheck, Star, TrendingUp, UserRound, type LucideIcon } from "lucide-react";
import { SectionContainer } from "./section-container";

/**
 * Each text says what the product does (decisions.md section 6). The review claim is true because
 * operators approve each application before the teacher can be listed (issue 27); no background
 * check or reference check is run, so none is promised.
 */
const claims: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: UserRound,
    title: "Personalised 1-on-1 lessons",
    text: "Each lesson is one of your children with one teacher, in person or online, at a time the teacher has open.",
  },
  {
    icon: ShieldCheck,
    title: "Every teacher reviewed",
    text: "Every teacher is reviewed by our team before families can find them: we read each application, and approve it, before the teacher is listed.",
  },
  {
    icon: Star,
    title: "Reviews from families who booked",
    text: "Only a parent whose lesson with a teacher was accepted can review them. Read what they say before you book.",
  },
  {
    icon: TrendingUp,
    title: "Goal and progress tracking",
    text: "Keep each child's learning goals; follow XP and achievements or grades in class, with your teacher's lesson notes and files.",
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
