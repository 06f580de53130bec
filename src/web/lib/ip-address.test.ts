import { describe, expect, it } from "vitest";
import { describeIpAddress } from "./ip-address";

describe("describeIpAddress", () => {
  it.each([
    // Loopback: the computer the server runs on, in every spelling.
    ["127.0.0.1", "This computer (127.0.0.1)"],
    ["127.0.1.1", "This computer (127.0.1.1)"],
    ["::1", "This computer (::1)"],
    ["0:0:0:0:0:0:0:1", "This computer (::1)"],
    ["0000:0000:0000:0000:0000:0000:0000:0001", "This computer (::1)"],
    // better-auth keeps IPv6 as its /64 network: ::1 is stored as all zeros.
    ["0000:0000:0000:0000:0000:0000:0000:0000", "This computer (::1)"],
    ["::ffff:127.0.0.1", "This computer (127.0.0.1)"],
    ["::FFFF:7f00:1", "This computer (127.0.0.1)"],
    // IPv4-mapped IPv6 reads as plain IPv4.
    ["::ffff:192.0.2.1", "IP 192.0.2.1"],
    ["0000:0000:0000:0000:0000:ffff:c000:0201", "IP 192.0.2.1"],
    ["192.0.2.1", "IP 192.0.2.1"],
    // Other IPv6: the short form.
    ["2001:0db8:0000:0000:0000:0000:0000:0000", "IP 2001:db8::"],
    ["2001:0DB8:0000:0000:0001:0000:0000:0001", "IP 2001:db8::1:0:0:1"],
    ["fe80::1%eth0", "IP fe80::1"],
    ["2001:db8:1:2:3:4:5:6", "IP 2001:db8:1:2:3:4:5:6"],
    // Nothing, or not an address: shown as given.
    [null, "IP address unknown"],
    ["", "IP address unknown"],
    ["   ", "IP address unknown"],
    ["not-an-ip", "IP not-an-ip"],
    ["1:2:3", "IP 1:2:3"],
    ["256.1.1.1", "IP 256.1.1.1"],
  ])("%j → %s", (ip, text) => {
    expect(describeIpAddress(ip)).toBe(text);
  });
});
