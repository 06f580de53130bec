import { createOperator } from "../../factories/accounts";
import { cookieHeader, send } from "../../fixtures/http";
import type { TestApp } from "../../fixtures/test-app";
import { totpFromUri } from "../../fixtures/totp";
import { nobody, operatorsOnly, type RouteCase } from "../route-case";
import type { Actor, World } from "../world";

/** Each actor tries the desk's sign-in with their own credentials (anonymous: a parent's). */
function ownCredentials(world: World, actor: Actor) {
  const person =
    actor === "operator" ? world.operator
    : actor === "teacher" ? world.teacher
    : actor === "otherTeacher" ? world.otherTeacher
    : actor === "otherParent" ? world.otherParent
    : world.parent;
  return { email: person.email, password: person.password };
}

/**
 * A new operator with two-factor on, halfway through signing in (password accepted): the cookie
 * of better-auth's two-factor step and a valid code. A fresh operator, so the world's own keeps
 * signing in with a password alone.
 */
async function halfwayOperatorTwoFactor(t: TestApp): Promise<{ cookie: string; code: string }> {
  const operator = await createOperator(t.deps);
  const origin = { origin: t.deps.env.PUBLIC_URL };
  const signedIn = await send(t, "POST", "/api/session/operator", { body: { email: operator.email, password: operator.password } });
  const enable = await send(t, "POST", "/api/auth/two-factor/enable", { body: { password: operator.password }, cookie: cookieHeader(signedIn.headers), headers: origin });
  if (enable.status !== 200) throw new Error(`two-factor enable failed: ${enable.status} ${enable.text}`);
  const uri = enable.json.totpURI as string;
  const session = cookieHeader(enable.headers) || cookieHeader(signedIn.headers);
  const verify = await send(t, "POST", "/api/auth/two-factor/verify-totp", { body: { code: await totpFromUri(uri) }, cookie: session, headers: origin });
  if (verify.status !== 200) throw new Error(`two-factor verify failed: ${verify.status} ${verify.text}`);
  const step1 = await send(t, "POST", "/api/session/operator", { body: { email: operator.email, password: operator.password } });
  if (step1.json?.twoFactorRequired !== true) throw new Error(`expected the two-factor step: ${step1.status} ${step1.text}`);
  return { cookie: cookieHeader(step1.headers), code: await totpFromUri(uri) };
}

export const operatorCases: RouteCase[] = [
  {
    // Only an operator's own credentials open the desk; anyone else's get the wrong-password answer (401).
    route: "POST /api/session/operator", ok: 200,
    allowed: operatorsOnly,
    request: (world, actor) => ({ path: "/api/session/operator", body: ownCredentials(world, actor) }),
    badInput: { as: "anonymous", validBody: (world) => ownCredentials(world, "operator") },
  },
  {
    // Only an operator halfway through a two-factor sign-in may finish it: nobody in the world is (401).
    route: "POST /api/session/operator/two-factor", ok: 200,
    allowed: nobody,
    request: () => ({ path: "/api/session/operator/two-factor", body: { code: "123456" } }),
    badInput: {
      as: "anonymous",
      validBody: () => ({ code: "123456" }),
      session: async (t) => {
        const { cookie, code } = await halfwayOperatorTwoFactor(t);
        return { cookie, validBody: { code } };
      },
    },
  },
  { route: "GET /api/operator/me", ok: 200, allowed: operatorsOnly, request: () => ({ path: "/api/operator/me" }) },
  { route: "GET /api/operator/overview", ok: 200, allowed: operatorsOnly, request: () => ({ path: "/api/operator/overview" }) },
  {
    route: "GET /api/operator/audit", ok: 200,
    allowed: operatorsOnly,
    request: (world) => ({ path: `/api/operator/audit?target=account:${world.parent.userId}&limit=10` }),
  },
];
