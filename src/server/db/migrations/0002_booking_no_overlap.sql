-- No two booked slots of one teacher may overlap in time. A slot is booked exactly while its
-- booking is pending or accepted, so this is the database's last word against double booking:
-- concurrent requests for the same time cannot both commit.
ALTER TABLE "booking_slots"
  ADD CONSTRAINT "booking_slots_no_overlap"
  EXCLUDE USING gist ("teacher_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" = 'booked');
