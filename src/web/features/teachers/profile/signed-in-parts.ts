// The parts of a teacher's profile that only a signed-in account sees, in one chunk loaded only for
// them (a visitor's first load stays within its budget): Report (issue 27) and Join the waitlist (issue 44).
export { ReportProfile } from "./report-profile";
export { JoinWaitlistButton } from "../../waitlist/join-waitlist-button";
