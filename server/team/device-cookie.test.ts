import { describe, expect, it } from "vitest";
import { createDeviceCookies, DEVICE_COOKIE } from "./device-cookie";

// The device cookie names its person only while its signature holds under the
// session secret it was made with.

const valueOf = (setCookie: string) => setCookie.slice(DEVICE_COOKIE.length + 1, setCookie.indexOf(";"));

describe("device cookies", () => {
  const devices = createDeviceCookies("a session secret of enough length");

  it("reads back the person and a random device from the cookie it issued", () => {
    const first = devices.issue("person-1");
    expect(first).toMatch(/^__Host-admin-device=[^;]+; Path=\/; Max-Age=15552000; HttpOnly; Secure; SameSite=Strict$/);
    const known = devices.read(valueOf(first));
    expect(known).toMatchObject({ personId: "person-1" });
    expect(devices.read(valueOf(devices.issue("person-1")))?.device).not.toBe(known?.device);
  });

  it("names nobody when the person, the device or the signature is altered, or another secret signed it", () => {
    const value = valueOf(devices.issue("person-1"));
    const [, device, signature] = value.split(".");
    // The signature's last character changed for another (a fixed "A" was no change one time in 64).
    const lastChanged = `${value.slice(0, -1)}${value.endsWith("A") ? "B" : "A"}`;
    for (const altered of [`person-2.${device}.${signature}`, `person-1.${device}x.${signature}`, lastChanged, `${value}.more`, "", "person-1"]) {
      expect(devices.read(altered), altered).toBeUndefined();
    }
    expect(createDeviceCookies("another secret altogether").read(value)).toBeUndefined();
    expect(devices.read(undefined)).toBeUndefined();
  });

  it("refuses to name a person by an id a cookie could not carry", () => {
    expect(() => devices.issue("a;b")).toThrow(/A-Z a-z 0-9/);
  });
});
