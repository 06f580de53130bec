import { randomUUID } from "node:crypto";
import type { ParentSignUpInput } from "../../src/shared/accounts/accounts.schemas";

/** A complete, valid Parent Create Account body; override any part. */
export function parentSignUpBody(overrides: {
  parent?: Partial<ParentSignUpInput["parent"]>;
  student?: Partial<ParentSignUpInput["student"]>;
} = {}): ParentSignUpInput {
  return {
    parent: {
      firstName: "Avery",
      lastName: "Stone",
      email: `avery-${randomUUID().slice(0, 8)}@example.test`,
      password: "a-good-password",
      phone: "(512) 555-0101",
      location: "Austin, TX",
      relationshipToChild: "mother",
      multipleChildren: false,
      enrollmentGoals: ["Learn for fun and personal enjoyment"],
      priorExperience: false,
      experienceYears: null,
      preferredCommunication: "email",
      wantsNotifications: true,
      ...overrides.parent,
    },
    student: { firstName: "Sam", lastName: "Stone", age: 7, interests: ["Pop"], ...overrides.student },
  };
}
