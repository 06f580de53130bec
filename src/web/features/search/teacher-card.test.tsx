import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { TeacherSearchResult } from "../../../shared/search/search.schemas";
import { TeacherCard } from "./teacher-card";

const card = (firstName: string, lastName: string): TeacherSearchResult => ({
  teacherId: `${firstName}-id`,
  fullName: `${firstName} ${lastName}`,
  firstName,
  instruments: ["piano"],
  rating: null,
  reviewCount: 0,
  city: "New York",
  state: "NY",
  distanceMiles: null,
  totalStudents: 0,
  teachingExperienceYears: "5+",
  lessonFormat: "both",
  hourlyRateMin: 60,
  hourlyRateMax: 90,
});

describe("TeacherCard", () => {
  it("each card's profile link names its teacher (distinct accessible names in a list)", () => {
    render(
      <MemoryRouter>
        <TeacherCard teacher={card("Taylor", "Morgan")} profileHref="/teacher/profile/a" />
        <TeacherCard teacher={card("Omar", "Haddad")} profileHref="/teacher/profile/b" />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "View Taylor Morgan's Profile" })).toHaveAttribute("href", "/teacher/profile/a");
    expect(screen.getByRole("link", { name: "View Omar Haddad's Profile" })).toHaveAttribute("href", "/teacher/profile/b");
  });
});
