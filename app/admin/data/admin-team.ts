// Copy of the team's screens at /admin: signing in with a second factor,
// accepting an invitation, a person's own account, and the owner's team.
// The owner's screens, not the public site's, so, like admin.ts, they stay code.
import { PASSWORD_MIN, PASSWORD_RESET_TTL_MS, RECOVERY_CODE_COUNT, type Role } from "../../../contract/team";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const roleNames: Readonly<Record<Role, string>> = {
  owner: "Owner",
  editor: "Editor",
  inbox: "Inbox",
  analyst: "Analyst",
};

/** One line each, beside the role select of the invite form. */
export const roleDescriptions: Readonly<Record<Role, string>> = {
  owner: "Everything, including the team, erasures and the activity log.",
  editor: "The content editor: changes the site's words and publishes them.",
  inbox: "Enquiries, subscribers and spam, with their exports.",
  analyst: "The analytics dashboard only: no names or addresses.",
};

export const passwordRule = `At least ${PASSWORD_MIN} characters, and not a common password.`;

export const teamSignInCopy = {
  emailLabel: "Email",
  emptyEmail: "Please enter your email address.",
  emptyPassword: "Please enter your password.",
  wrong: "That email and password do not match. Please try again.",
  /** A passkey alone, chosen from the email field's suggestions or by its button: no email or password typed. */
  passkeyOnly: {
    or: "Or, without your email and password:",
    button: "Sign in with a passkey",
    working: "Waiting for your passkey…",
    cancelled: "The passkey was not used. Please try again, or sign in with your email and password.",
    noCookie: "The passkey is right, but the browser did not keep the session cookie: open the inbox over HTTPS (or on localhost) and allow cookies for this site.",
  },
  secondStep: {
    heading: "Confirm it is you",
    text: "Your password is right. Now use your second factor.",
    passkey: "Use a passkey",
    passkeyWorking: "Waiting for your passkey…",
    passkeyFailed: "The passkey was not used. Please try again, or enter a code.",
    or: "Or enter a code",
    codeLabel: "Code",
    codeHint: "The 6-digit code from your authenticator app, or one of your recovery codes.",
    emptyCode: "Please enter a code.",
    wrongCode: "That code is not right. Please try again.",
    submit: "Continue",
    submitting: "Checking…",
    startOver: "Start again",
  },
} as const;

export const inviteCopy = {
  heading: "Join the team",
  loading: "Opening your invitation…",
  forWhom: (email: string, role: string) => `This invitation is for ${email}, as ${role}.`,
  expires: (when: string) => `It can be used until ${when}.`,
  nameLabel: "Your name",
  passwordLabel: "New password",
  passwordRule,
  emptyName: "Please enter your name.",
  shortPassword: `The password needs at least ${PASSWORD_MIN} characters.`,
  submit: "Create my account",
  submitting: "Creating your account…",
  gone: "This invitation link has been used, has expired or was withdrawn. Ask the owner for a new one, or sign in if you already have an account.",
  failed: "Your account could not be created. Please try again.",
} as const;

export const resetCopy = {
  forgot: {
    summary: "Forgot your password?",
    text: `Enter your email and we will send you a link to choose a new one. It works once, for ${PASSWORD_RESET_TTL_MS / 60_000} minutes.`,
    emailLabel: "Your email",
    emptyEmail: "Please enter your email address.",
    submit: "Email me a link",
    submitting: "Sending…",
    sent: "If that address is in the team, a link is on its way. Without a mail server, the site's owner can make one with npm run owners -- reset.",
    failed: "The link could not be asked for. Please try again.",
  },
  heading: "Choose a new password",
  loading: "Opening your link…",
  forWhom: (email: string) => `For ${email}. Setting it signs you out everywhere.`,
  passwordLabel: "New password",
  passwordRule,
  shortPassword: `The password needs at least ${PASSWORD_MIN} characters.`,
  submit: "Set my new password",
  submitting: "Setting…",
  done: "Your new password is set. Sign in with it.",
  gone: "This link has been used or has expired. Ask for a new one below.",
  failed: "The password was not set. Please try again.",
} as const;

export const secondFactorCopy = {
  heading: "Set up a second factor",
  required: "Your account needs a second factor before you can go on: a passkey, or a code from an authenticator app.",
  choose: "Choose one",
  passkey: {
    heading: "A passkey",
    text: "Your device's fingerprint, face or screen lock, or a security key.",
    nameLabel: "Name of this passkey",
    nameHint: "So you can tell your passkeys apart, for example \"Work laptop\".",
    emptyName: "Please name the passkey.",
    add: "Add a passkey",
    adding: "Waiting for your device…",
    failed: "The passkey was not added. Please try again.",
    added: (name: string) => `Passkey "${name}" added.`,
  },
  totp: {
    heading: "An authenticator app",
    text: "An app such as Google Authenticator, Microsoft Authenticator or 1Password.",
    start: "Set up an authenticator app",
    starting: "Preparing…",
    scan: "Scan this QR code with the app, or type the key below into it.",
    qrAlt: "QR code for your authenticator app",
    secretLabel: "Key to type in",
    codeLabel: "Code from the app",
    codeHint: "The 6 digits the app now shows.",
    emptyCode: "Please enter the code the app shows.",
    confirm: "Confirm",
    confirming: "Checking…",
    failed: "The authenticator could not be set up. Please try again.",
    added: "Authenticator app set up.",
  },
  cancel: "Cancel",
} as const;

export const recoveryCopy = {
  heading: "Your recovery codes",
  text: `If you lose your passkey or phone, each of these ${RECOVERY_CODE_COUNT} codes lets you sign in once. They are shown only now: save them somewhere safe.`,
  listLabel: "Recovery codes",
  download: "Download as a text file",
  fileName: "recovery-codes.txt",
  fileHeading: "Recovery codes: each one signs in once.",
  saved: "I have saved them",
} as const;

export const accountCopy = {
  tab: "Your account",
  confirm: {
    heading: "Confirm it is you",
    text: "Changes to how you sign in ask for your password again when you last gave it more than 10 minutes ago.",
    passwordLabel: "Your password",
    emptyPassword: "Please enter your password.",
    submit: "Confirm",
    submitting: "Checking…",
    cancel: "Cancel",
    failed: "That did not work. Please try again.",
    orPasskey: "Or use one of your passkeys instead of the password.",
    passkey: "Use a passkey",
    passkeyWorking: "Waiting for your passkey…",
    passkeyCancelled: "The passkey was not used. Please try again, or enter your password.",
  },
  password: {
    heading: "Password",
    currentLabel: "Current password",
    newLabel: "New password",
    rule: passwordRule,
    emptyCurrent: "Please enter your current password.",
    shortPassword: `The new password needs at least ${PASSWORD_MIN} characters.`,
    submit: "Change password",
    submitting: "Changing…",
    changed: (ended: number) => (ended === 0 ? "Password changed." : `Password changed. ${plural(ended, "other session was", "other sessions were")} ended.`),
    failed: "The password was not changed. Please try again.",
    limited: "Too many tries. Please wait 15 minutes and try again.",
  },
  heading: "Your account",
  failed: "That did not work. Please try again.",
  loadFailed: "Your account could not be loaded. Please try again.",
  sessions: {
    heading: "Where you are signed in",
    caption: "Your sessions",
    device: "Device",
    signedIn: "Signed in",
    lastSeen: "Last seen",
    action: "Action",
    thisDevice: "This device",
    end: "End",
    endLabel: (device: string) => `End the session on ${device}`,
    endOthers: "End all other sessions",
    ended: "Session ended.",
    endedOthers: "All your other sessions were ended.",
  },
  passkeys: {
    heading: "Passkeys",
    caption: "Your passkeys",
    name: "Name",
    added: "Added",
    lastUsed: "Last used",
    never: "Never",
    none: "No passkeys yet.",
    remove: "Remove",
    removeLabel: (name: string) => `Remove the passkey ${name}`,
    removed: (name: string) => `Passkey "${name}" removed.`,
    add: "Add a passkey",
  },
  totp: {
    heading: "Authenticator app",
    on: "On: codes from your authenticator app are accepted.",
    off: "Off.",
    remove: "Remove the authenticator app",
    removed: "Authenticator app removed.",
    add: "Set up an authenticator app",
  },
  recovery: {
    heading: "Recovery codes",
    left: (count: number) => `${plural(count, "recovery code", "recovery codes")} left.`,
    renew: "Make new recovery codes",
    renewNote: "The old ones stop working.",
  },
} as const;

export const teamCopy = {
  tab: "Team",
  heading: "Team",
  loadFailed: "The team could not be loaded. Please try again.",
  failed: "That did not work. Please try again.",
  people: {
    caption: "People who can sign in",
    name: "Name",
    email: "Email",
    role: "Role",
    secondFactor: "Second factor",
    lastSeen: "Last seen",
    actions: "Actions",
    yes: "Yes",
    no: "No",
    never: "Never",
    roleLabel: (name: string) => `Role of ${name}`,
    save: "Save",
    saveLabel: (name: string) => `Save the role of ${name}`,
    saved: (name: string, role: string) => `${name} is now ${role}. Their sessions were ended.`,
    remove: "Remove",
    removeLabel: (name: string) => `Remove ${name}`,
    confirm: (name: string) => `${name} will no longer be able to sign in, and their sessions end now.`,
    yesRemove: (name: string) => `Yes, remove ${name}`,
    cancel: "Cancel",
    removed: (name: string) => `${name} was removed from the team.`,
    you: "(you)",
  },
  invites: {
    heading: "Open invitations",
    caption: "Invitations not yet accepted",
    email: "Email",
    role: "Role",
    invitedBy: "Invited by",
    expires: "Expires",
    action: "Action",
    none: "No open invitations.",
    withdraw: "Withdraw",
    withdrawLabel: (email: string) => `Withdraw the invitation to ${email}`,
    withdrawn: (email: string) => `The invitation to ${email} was withdrawn.`,
  },
  invite: {
    heading: "Invite someone",
    emailLabel: "Email",
    roleLabel: "Role",
    emptyEmail: "Please enter an email address.",
    submit: "Send invitation",
    submitting: "Inviting…",
    emailed: (email: string) => `An invitation was emailed to ${email}. You can also send them this link:`,
    notEmailed: (email: string) => `No email was sent (the server has no mail set up). Send ${email} this link yourself:`,
    linkLabel: "Invitation link",
    copy: "Copy link",
    copied: "Link copied.",
    copyFailed: "The link could not be copied: select it and copy it by hand.",
  },
  settings: {
    heading: "Settings",
    requireSecondFactor: "Require a second factor for everyone",
    requireHint: "Owners and the inbox always need one; this asks it of editors and analysts too.",
    saved: "Settings saved.",
  },
} as const;

export const teamNavCopy = {
  label: "Sections",
  leads: "Inbox",
  analytics: "Analytics",
  activity: "Activity",
  content: "Content editor",
  // The first owner, made from ADMIN_PASSWORD, is named after the role: say it once, not "Owner, Owner".
  signedInAs: (name: string, role: string) => (name.trim().toLowerCase() === role.toLowerCase() ? name : `${name}, ${role}`),
} as const;

export const activityPersonCopy = {
  label: "Person",
  anyone: "Anyone",
  apply: "Show",
  hint: "Their email address.",
} as const;
