import type { Actor, World } from "./world";

export type Allowed = Record<Actor, boolean>;

export interface RouteCase {
  /** "METHOD /path" exactly as the app registers it. */
  route: string;
  /** Who may call it: allowed actors never get 401/403/404; the others always do. */
  allowed: Allowed;
  /** The concrete request an actor makes (path with real ids, body). */
  request: (world: World, actor: Actor) => { path: string; body?: Record<string, unknown> };
  /** For JSON routes: who sends the bad-input barrage, and a valid body to mutate. */
  badInput?: { as: Actor; validBody: (world: World) => Record<string, unknown> };
  /** A POST that takes no body at all (an action on the resource in the path): nothing to fuzz. */
  bodyless?: true;
  /** The status an allowed actor's request answers with (200 when absent). */
  ok?: number;
}

export const everyone: Allowed = { anonymous: true, parent: true, otherParent: true, teacher: true, otherTeacher: true };
export const signedIn: Allowed = { ...everyone, anonymous: false };

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
  }
};

export const parentsOnly: Allowed = { anonymous: false, parent: true, otherParent: true, teacher: false, otherTeacher: false };
export const teachersOnly: Allowed = { anonymous: false, parent: false, otherParent: false, teacher: true, otherTeacher: true };
