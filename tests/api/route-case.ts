import type { TestApp } from "../fixtures/test-app";
import type { Actor, World } from "./world";

/**
 * Who may call a route. `operator` left out means the operator may not (most routes are a parent's
 * or a teacher's). `secondGuardian` (issue 45: another guardian of the parent's household, with a
 * login of their own) left out means the same as `parent`: a guardian acts on the household as the
 * first one does.
 */
export type Allowed = Record<Exclude<Actor, "operator">, boolean> & { operator?: boolean; secondGuardian?: boolean };

/** Whether the parent's second guardian may call the route (route-case.ts Allowed). */
export const secondGuardianAllowed = (allowed: Allowed) => allowed.secondGuardian ?? allowed.parent;

/** The success statuses of this API: read or changed (200), created (201), nothing to say (204). */
export type SuccessStatus = 200 | 201 | 204;

/** A raw upload: the route reads the request body itself as a file (e.g. the intro video). */
export interface Upload {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  /** Sent as the Content-Length header when given (e.g. to declare more than the limit). */
  declaredLength?: number;
  /** Other headers the route reads with the upload (e.g. the file's name in x-file-name). */
  headers?: Record<string, string>;
}

export interface RouteRequest {
  /** Path with real ids (and query). */
  path: string;
  /** A JSON body. */
  body?: Record<string, unknown>;
  /** A raw upload instead of a JSON body. */
  upload?: Upload;
}

/** What the bad-input test needs: an actor whose valid request succeeds, and the body it mutates. */
export type BadInput =
  | {
      as: Actor;
      /** A JSON body the actor's request really succeeds with (status `ok`); the barrage mutates it. */
      validBody: (world: World) => Record<string, unknown>;
      /**
       * Keys of the valid body that may be left out (the request succeeds without them): the
       * barrage still sends them with wrong types, huge and unsafe values, but does not expect a
       * body without them to be refused (nor `{}`, when every key is optional).
       */
      optionalKeys?: readonly string[];
      /**
       * When the actor's own world cookie is not the state the route needs (a sign-in halfway
       * through two-factor): the cookie and the valid body to use instead of `validBody`.
       */
      session?: (t: TestApp, world: World) => Promise<{ cookie: string; validBody: Record<string, unknown> }>;
    }
  | {
      as: Actor;
      /** A raw-body upload route: the valid upload succeeds, the bad uploads are refused. */
      validUpload: () => Upload;
    };

export interface RouteCase {
  /** "METHOD /path" exactly as the app registers it. */
  route: string;
  /** Who may call it: allowed actors get exactly `ok`; the others always get 401, 403 or 404. */
  allowed: Allowed;
  /** The status every allowed actor's request gets (their requests are valid, so nothing less will do). */
  ok: SuccessStatus;
  /** The concrete request an actor makes (path with real ids, a valid body or upload). */
  request: (world: World, actor: Actor) => RouteRequest;
  /**
   * The second guardian's request, when the parent's would not be theirs (a body with the parent's
   * own password): by default they send exactly the parent's request.
   */
  secondGuardianRequest?: (world: World) => RouteRequest;
  /** For body routes: who sends the bad-input barrage, and a valid body to mutate. */
  badInput?: BadInput;
  /** A POST that takes no body at all (an action on the resource in the path): nothing to fuzz. */
  bodyless?: true;
  /** An endless response (Server-Sent Events): only the status is read, then the stream is cancelled. */
  stream?: true;
  /**
   * Puts a fresh world in the state the route acts on, when the shared world is not (e.g. both
   * teachers' applications sent back for changes, for the teacher's resubmission).
   */
  prepare?: (t: TestApp, world: World) => Promise<void>;
}

export const everyone: Allowed = { anonymous: true, parent: true, otherParent: true, teacher: true, otherTeacher: true, operator: true };
export const signedIn: Allowed = { ...everyone, anonymous: false, operator: false };
export const nobody: Allowed = { anonymous: false, parent: false, otherParent: false, teacher: false, otherTeacher: false };

export const credentialsOf = (world: World, actor: Actor) => {
  switch (actor) {
    case "parent":
    case "anonymous":
      return { role: "parent", email: world.parent.email, password: world.parent.password };
    case "otherParent":
      return { role: "parent", email: world.otherParent.email, password: world.otherParent.password };
    case "teacher":
      return { role: "teacher", email: world.teacher.email, password: world.teacher.password };
    case "otherTeacher":
      return { role: "teacher", email: world.otherTeacher.email, password: world.otherTeacher.password };
    case "operator":
      // The public sign-in offers only the two marketplace roles: an operator trying it is refused.
      return { role: "parent", email: world.operator.email, password: world.operator.password };
  }
};

export const operatorsOnly: Allowed = { ...nobody, operator: true };
export const parentsOnly: Allowed = { anonymous: false, parent: true, otherParent: true, teacher: false, otherTeacher: false };
export const teachersOnly: Allowed = { anonymous: false, parent: false, otherParent: false, teacher: true, otherTeacher: true };
