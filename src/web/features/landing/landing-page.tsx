import { Claims } from "./claims";
import { FlipCards } from "./flip-cards";
import { Hero } from "./hero";
import { LandingFooter } from "./landing-footer";
import { LiveFigures } from "./live-figures";

/** The page for "/" (react-router lazy route module). The top bar comes from the app layout. */
export function Component() {
  return (
    <main className="flex flex-1 flex-col">
      <Hero />
      <Claims />
      <LiveFigures />
      <FlipCards />
      <LandingFooter />
    </main>
  );
}
