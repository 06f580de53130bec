import { ServerHtml } from "../../lib/server-html";
import { Claims } from "./claims";
import { FlipCards } from "./flip-cards";
import { Hero } from "./hero";
import { LandingFooter } from "./landing-footer";
import { LiveFigures } from "./live-figures";

/**
 * The page for "/" (react-router lazy route module). The top bar comes from the app layout.
 *
 * The server renders every section. In the browser only the hero (the search form) and the live
 * figures (fetched) hydrate: the claims, the feature cards (their flip is CSS: hover, focus or the
 * checkbox a tap toggles) and the footer never change, so they stay the server's HTML (issue 43).
 */
export function Component() {
  return (
    <main className="flex flex-1 flex-col">
      <Hero />
      <ServerHtml>
        <Claims />
      </ServerHtml>
      <LiveFigures />
      <ServerHtml>
        <FlipCards />
        <LandingFooter />
      </ServerHtml>
    </main>
  );
}
