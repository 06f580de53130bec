import { BOOKING_TYPES, type BookingType } from "../../shared/booking/booking.constants";
import { DELETED_USER_NAME } from "../../shared/classes/classes.api";
import { AppError } from "../../shared/errors";
import { balanceEntryText, RECEIVED_KINDS } from "../../shared/invoices/family-balance.rules";
import type { BalanceEntryDTO, FamilyBalanceDTO, LessonPackageInput, PaymentOnAccountInput } from "../../shared/invoices/family-balance.schemas";
import { PACKAGE_VALID_MESSAGE } from "../../shared/invoices/family-balance.schemas";
import { dayIn, lessonWhen } from "../../shared/invoices/invoice-format.rules";
import { addDays } from "../../shared/invoices/invoice-state.rules";
import { CURRENCY, PACKAGE_LIMITS, type RecordedPaymentMethod } from "../../shared/invoices/invoices.constants";
import { PAYMENT_METHOD_LABELS } from "../../shared/invoices/invoices.schemas";
import { packageState, packageTitle } from "../../shared/invoices/lesson-package.rules";
import type { Executor } from "../db/client";
import { transactionWithRetry } from "../db/retry-transaction";
import type { Deps } from "../deps";
import { publishLiveEvents } from "../live";
import * as creditRepo from "./family-credit.repo";
import { applyFamilyCredit } from "./family-credit.service";
import { balanceReceiptEmail } from "./invoices.emails";
import { refuseFuturePayment, requireFamily, requireTeacherRow } from "./invoices.service";
import * as balanceRepo from "./family-balance.repo";
import * as packagesRepo from "./lesson-packages.repo";
import * as repo from "./invoices.repo";

/**
 * A family's balance with a teacher (issue 40): money received before any invoice (it becomes
 * credit and pays the family's open invoices at once), prepaid lesson packages, and the history
 * of both, each entry citing its cause, on the reader's clock.
 */

type BalanceDeps = Pick<Deps, "db" | "driver" | "logger" | "mailer" | "env">;

async function teacherAndFamily(db: Executor, teacherId: string, parentId: string) {
  const [teacher, family] = await Promise.all([requireTeacherRow(db, teacherId), requireFamily(db, teacherId, parentId)]);
  return { teacher, family };
}

/** Both sides' open billing pages are fetched again; a failure to tell never fails the change. */
async function announceBalanceChange(deps: BalanceDeps, teacherId: string, parentId: string): Promise<void> {
  deps.mailer.kick();
  try {
    const userIds = await balanceRepo.partyUserIds(deps.db, teacherId, parentId);
    await publishLiveEvents(deps, userIds.map((userId) => ({ userId, type: "balance_changed" as const, payload: { teacherId, parentId } })));
  } catch (error) {
    deps.logger.error({ err: error, teacherId, parentId }, "balance live event failed");
  }
}

/** Stores the family's receipt in the change's transaction, unless their account is suspended or gone. */
async function tellFamily(deps: BalanceDeps, tx: Executor, parentId: string, teacherName: string, payment: Parameters<typeof balanceReceiptEmail>[2]): Promise<void> {
  const family = await balanceRepo.activeFamilyContact(tx, parentId);
  if (family) await deps.mailer.enqueue(tx, balanceReceiptEmail(deps.env.PUBLIC_URL, { ...family, teacherName }, payment));
}

/** Money the family paid before any invoice: credit on account, spent on their open invoices (oldest due first) at once. */
export async function recordPaymentOnAccount(deps: BalanceDeps, teacherId: string, input: PaymentOnAccountInput, now = new Date()): Promise<FamilyBalanceDTO> {
  const { teacher } = await teacherAndFamily(deps.db, teacherId, input.parentId);
  const teacherName = `${teacher.firstName} ${teacher.lastName}`;
  const today = dayIn(teacher.timeZone, now);
  refuseFuturePayment(input.paidOn, today);
  await transactionWithRetry(deps.db, async (tx) => {
    await creditRepo.lockFamilyCredit(tx, teacherId, input.parentId);
    await creditRepo.insertPaymentOnAccount(tx, {
      teacherId,
      parentId: input.parentId,
      amountCents: input.amountCents,
      paidOn: input.paidOn,
      method: input.method,
      note: input.note ?? "",
    });
    await applyFamilyCredit(tx, teacherId, input.parentId, today, now);
    // The receipt is stored with the payment: it exists exactly when the payment does.
    const creditCents = await creditRepo.creditBalance(tx, teacherId, input.parentId);
    await tellFamily(deps, tx, input.parentId, teacherName, { kind: "payment_on_account", amountCents: input.amountCents, paidOn: input.paidOn, methodLabel: PAYMENT_METHOD_LABELS[input.method], creditCents });
  });
  await announceBalanceChange(deps, teacherId, input.parentId);
  return teacherFamilyBalance(deps, teacherId, input.parentId, now);
}

/** A package the family bought and paid: N lessons for $X, valid until a day on the teacher's calendar. */
export async function sellLessonPackage(deps: BalanceDeps, teacherId: string, input: LessonPackageInput, now = new Date()): Promise<FamilyBalanceDTO> {
  const { teacher } = await teacherAndFamily(deps.db, teacherId, input.parentId);
  const teacherName = `${teacher.firstName} ${teacher.lastName}`;
  const today = dayIn(teacher.timeZone, now);
  refuseFuturePayment(input.paidOn, today);
  if (input.validUntil < today || input.validUntil > addDays(input.paidOn, PACKAGE_LIMITS.validDaysMax)) {
    const message = input.validUntil < today ? "The package would already have expired: choose a date from today on." : PACKAGE_VALID_MESSAGE;
    throw new AppError("validation", message, { fields: { validUntil: message } });
  }
  await deps.db.transaction(async (tx) => {
    await packagesRepo.insertPackage(tx, {
      teacherId,
      parentId: input.parentId,
      lessons: input.lessons,
      priceCents: input.priceCents,
      validUntil: input.validUntil,
      paidOn: input.paidOn,
      method: input.method,
      note: input.note ?? "",
    });
    await tellFamily(deps, tx, input.parentId, teacherName, {
      kind: "package",
      title: packageTitle(input.lessons, input.priceCents),
      validUntil: input.validUntil,
      amountCents: input.priceCents,
      paidOn: input.paidOn,
      methodLabel: PAYMENT_METHOD_LABELS[input.method],
      creditCents: 0,
    });
  });
  await announceBalanceChange(deps, teacherId, input.parentId);
  return teacherFamilyBalance(deps, teacherId, input.parentId, now);
}

/** The balance as the teacher reads it (their clock). */
export async function teacherFamilyBalance(deps: Pick<Deps, "db">, teacherId: string, parentId: string, now = new Date()): Promise<FamilyBalanceDTO> {
  const { teacher, family } = await teacherAndFamily(deps.db, teacherId, parentId);
  return balanceOf(deps.db, { teacherId, teacherName: `${teacher.firstName} ${teacher.lastName}`, teacherZone: teacher.timeZone }, { parentId, familyName: `${family.firstName} ${family.lastName}` }, teacher.timeZone, now);
}

/** The family's balance with each teacher they have credit or a package with (their clock). */
export async function familyBalances(deps: Pick<Deps, "db">, parentId: string, now = new Date()): Promise<FamilyBalanceDTO[]> {
  const teachers = await balanceRepo.teachersWithBalance(deps.db, parentId);
  if (teachers.length === 0) return [];
  const readerZone = await repo.familyTimeZone(deps.db, parentId);
  return Promise.all(
    teachers.map((teacher) =>
      balanceOf(deps.db, { teacherId: teacher.teacherId, teacherName: teacher.teacherName, teacherZone: teacher.timeZone }, { parentId, familyName: teacher.familyName }, readerZone, now),
    ),
  );
}

async function balanceOf(
  db: Executor,
  teacher: { teacherId: string; teacherName: string; teacherZone: string },
  family: { parentId: string; familyName: string },
  readerZone: string,
  now: Date,
): Promise<FamilyBalanceDTO> {
  const { teacherId } = teacher;
  const { parentId } = family;
  const [creditCents, entries, packages] = await Promise.all([
    creditRepo.creditBalance(db, teacherId, parentId),
    creditRepo.creditEntries(db, teacherId, parentId),
    packagesRepo.packagesOf(db, { teacherId, parentId }),
  ]);
  const draws = await packagesRepo.drawsOf(db, packages.map((pkg) => pkg.id));
  const packageById = new Map(packages.map((pkg) => [pkg.id, pkg]));
  // Whether a package is still usable is read on the teacher's calendar, where its last day is.
  const teacherToday = dayIn(teacher.teacherZone, now);
  const history: BalanceEntryDTO[] = [
    ...entries.map((entry) => {
      const kind = entry.kind as "void_credit" | "credit_applied" | "payment_on_account";
      const text =
        kind === "payment_on_account"
          ? balanceEntryText({ kind, method: entry.method as RecordedPaymentMethod, note: entry.note })
          : balanceEntryText({ kind, invoiceNumber: entry.invoiceNumber });
      return {
        id: entry.id,
        kind,
        at: entry.createdAt.toISOString(),
        day: entry.paidOn ?? dayIn(readerZone, entry.createdAt),
        text,
        creditCents: entry.amountCents,
        receivedCents: RECEIVED_KINDS.includes(kind) ? entry.amountCents : 0,
        invoiceId: entry.invoiceId,
        invoiceNumber: entry.invoiceNumber,
        packageId: null,
      };
    }),
    ...packages.map((pkg) => ({
      id: pkg.id,
      kind: "package_sold" as const,
      at: pkg.createdAt.toISOString(),
      day: pkg.paidOn,
      text: balanceEntryText({ kind: "package_sold", lessons: pkg.lessons, priceCents: pkg.priceCents, method: pkg.method as RecordedPaymentMethod, validUntil: pkg.validUntil, note: pkg.note }),
      creditCents: 0,
      receivedCents: pkg.priceCents,
      invoiceId: null,
      invoiceNumber: null,
      packageId: pkg.id,
    })),
    ...draws.map((draw) => {
      const pkg = packageById.get(draw.packageId)!;
      const lesson = `${BOOKING_TYPES[draw.bookingType as BookingType].label} · ${lessonWhen(draw.startsAt, readerZone)} · ${draw.studentName ?? DELETED_USER_NAME}`;
      return {
        id: draw.id,
        kind: "package_lesson" as const,
        at: draw.createdAt.toISOString(),
        day: dayIn(readerZone, draw.createdAt),
        text: balanceEntryText({ kind: "package_lesson", lessonNumber: draw.lessonNumber, lessons: pkg.lessons, lesson, lateCancel: draw.status === "cancelled" }),
        creditCents: 0,
        receivedCents: 0,
        invoiceId: null,
        invoiceNumber: null,
        packageId: draw.packageId,
      };
    }),
  ].sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id));
  return {
    teacherId,
    teacherName: teacher.teacherName,
    parentId,
    familyName: family.familyName,
    creditCents,
    packages: packages
      .map((pkg) => ({
        id: pkg.id,
        lessons: pkg.lessons,
        priceCents: pkg.priceCents,
        lessonsUsed: pkg.lessonsUsed,
        lessonsLeft: pkg.lessons - pkg.lessonsUsed,
        validUntil: pkg.validUntil,
        paidOn: pkg.paidOn,
        method: pkg.method as RecordedPaymentMethod,
        note: pkg.note,
        state: packageState(pkg, teacherToday),
      }))
      .reverse(),
    history,
    currency: CURRENCY,
  };
}
