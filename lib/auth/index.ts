/** The auth API for route handlers and other lib/ code. */
export { authenticate, type AuthContext } from './guard';
export { toUserObject, type UserObject } from './user-object';
export { endSession, login, refreshSession, startSession, type TokenPair } from './sessions';
export { sendSignupOtp, consumeSignupOtp } from './otp';
export { requestPasswordReset, resetPassword } from './password-reset';
export { signup, type SignupInput } from './signup';
export { updateUserAs, deleteUserAs, type ProfileUpdate } from './users';
export { setLicenseStatus, licenseHistory } from './license';
export { ensureAdmin } from './admin-bootstrap';
