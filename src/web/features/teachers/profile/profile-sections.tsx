import { VideoOff } from "lucide-react";
import type { ReactNode } from "react";
import { aboutSentence } from "../../../../shared/teachers/public-profile.rules";
import type { PublicTeacherProfile } from "../../../../shared/teachers/public-profile.schemas";

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The intro video is served by our own API (never a remote address); only a local path is played. */
export function VideoSection({ profile }: { profile: PublicTeacherProfile }) {
  const url = profile.introVideoUrl?.startsWith("/") ? profile.introVideoUrl : null;
  return (
    <Section id="video-heading" title="Video Introduction">
      {url ? (
        <video
          controls
          preload="metadata"
          src={url}
          aria-label={`Video introduction of ${profile.firstName} ${profile.lastName}`}
          className="aspect-video w-full rounded-xl bg-slate-900"
        />
      ) : (
        <div className="flex w-full flex-col items-center justify-center gap-2 rounded-xl bg-slate-50 px-4 py-10 text-center ring-1 ring-slate-200">
          <VideoOff aria-hidden className="size-8 text-slate-400" />
          <p className="text-sm text-slate-600">This teacher hasn&apos;t uploaded a video yet.</p>
        </div>
      )}
    </Section>
  );
}

/** The teacher's own words (style description, then bio), or one sentence from their details. */
export function AboutSection({ profile }: { profile: PublicTeacherProfile }) {
  const style = profile.teachingStyleDescription.trim();
  const bio = profile.bio.trim();
  return (
    <Section id="about-heading" title="About">
      <div className="space-y-3 text-sm leading-6 break-words whitespace-pre-line text-slate-700">
        <p>{style || aboutSentence(profile)}</p>
        {bio ? <p>{bio}</p> : null}
      </div>
    </Section>
  );
}

export function ListSection({ id, title, items, empty }: { id: string; title: string; items: readonly string[]; empty: string }) {
  return (
    <Section id={id} title={title}>
      {items.length ? (
        <ul className="flex flex-wrap gap-2">
          {items.map((item) => (
            <li key={item} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-100">
              {item}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{empty}</p>
      )}
    </Section>
  );
}
