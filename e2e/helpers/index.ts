export { readOtp, readOutbox, OUTBOX_PATH, type OutboxMail } from './outbox';
export {
  newTestUser,
  signUpViaUi,
  fillSignUpAndSendOtp,
  acceptAppDialog,
  signUpViaApi,
  loginAs,
  loginViaApi,
  signUpAndLogin,
  openSideMenu,
  type TestUser,
} from './auth';
