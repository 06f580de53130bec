import { sql } from "drizzle-orm";
import type { LandingStats } from "../../shared/landing/landing.schemas";
import { queryRows, type Executor } from "../db/client";
import { discoverableTeacherAs } from "../db/discoverable";

export async function readLandingStats(db: Executor): Promise<LandingStats> {
  const [row] = await queryRows<{
    teachers: number;
    students: number;
    instruments: number;
    average_rating: string | null;
    reviews: number;
  }>(db, sql`
    select
      (select count(*)::int from teacher_profiles tp where ${discoverableTeacherAs("tp")}) as teachers,
      (select count(*)::int from student_profiles where enrollment_status = 'active') as students,
      (select count(distinct ti.instrument)::int
         from teacher_instruments ti join teacher_profiles tp on tp.id = ti.teacher_id
        where ${discoverableTeacherAs("tp")}) as instruments,
      (select round(avg(rating)::numeric, 1)::text from reviews where hidden_at is null) as average_rating,
      (select count(*)::int from reviews where hidden_at is null) as reviews
  `);
  if (!row) throw new Error("landing stats query returned no row");
  return {
    teachers: Number(row.teachers),
    students: Number(row.students),
    instruments: Number(row.instruments),
    averageRating: row.average_rating === null ? null : Number(row.average_rating),
    reviews: Number(row.reviews),
  };
}
