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
export {
  bannerPng,
  damanRoll,
  DESKTOP,
  excelList,
  expectNoHorizontalScroll,
  expectPdfDrawn,
  fillGenerator,
  pdfPageCount,
  PHONE,
  shot,
  taskIdOf,
  throttleUpload,
  useTheme,
  type Upload,
} from './generator';
