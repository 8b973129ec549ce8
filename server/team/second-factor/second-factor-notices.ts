import type { TeamAccess } from "../team-types";

type Notice = Parameters<TeamAccess["notify"]>[1];

// The emails a person gets when their second factors change or a recovery
// code lets someone in: whoever did it, the person hears of it, so a stolen
// password and session cannot quietly add a factor of their own.

const ifNotYou = "If this was not you, sign in, remove it and change your password, and tell the site's owner.";

export const secondFactorNotices = {
  totpAdded: () => ({
    subject: "An authenticator app was added to your account",
    text: `An authenticator app was added to your account. From now on its codes can be your second step when you sign in.\n\n${ifNotYou}`,
  }),
  totpRemoved: () => ({
    subject: "An authenticator app was removed from your account",
    text: `The authenticator app was removed from your account: its codes no longer sign you in.\n\n${ifNotYou}`,
  }),
  passkeyAdded: (name: string) => ({
    subject: "A passkey was added to your account",
    text: `A passkey named "${name}" was added to your account. From now on it can be your second step when you sign in.\n\n${ifNotYou}`,
  }),
  passkeyRemoved: (name: string) => ({
    subject: "A passkey was removed from your account",
    text: `The passkey named "${name}" was removed from your account: it no longer signs you in.\n\n${ifNotYou}`,
  }),
  recoveryCodesRenewed: () => ({
    subject: "New recovery codes were made for your account",
    text: `New recovery codes were made for your account; the old ones no longer work.\n\n${ifNotYou}`,
  }),
  codesLocked: (tries: number, minutes: number) => ({
    subject: "Too many wrong codes were tried for your account",
    text: [
      `Someone gave your password and then ${tries} wrong authenticator or recovery codes, so no more codes are accepted for your account for ${minutes} minutes. A passkey still signs you in.`,
      "If it was not you, someone knows your password: sign in, change it, and make sure it is not used anywhere else.",
    ].join("\n\n"),
  }),
  recoveryCodeUsed: (left: number) => ({
    subject: "A recovery code was used to sign in",
    text: `A recovery code was used to sign in to your account. ${left === 1 ? "1 code is" : `${left} codes are`} left; you can make new ones once signed in.\n\n${ifNotYou}`,
  }),
} satisfies Record<string, (...args: never[]) => Notice>;
