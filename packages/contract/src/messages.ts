/** The specification's verbatim messages (spec section 8) and the server's own. */
export const MESSAGES = {
  phoneNotRegistered: 'Phone number not registered',
  otpSent: 'OTP sent successfully',
  otpResent: 'OTP resent successfully',
  requestIdNotFound: 'Request ID is not found - Please send OTP again',
  userDoesNotExist: 'User Does Not Exist',
  sessionExpired: 'Session expired. Please log in again.',
  tempTokenExpired: 'Generated Access Token Expired',
  noClasses: 'No classes found',
  noStudentsFound: 'No Students Found',
  noClassesFound: 'No Classes Found',
  // Server messages of our own.
  invalidOtp: 'Invalid OTP',
  otpExpired: 'OTP expired - Please send OTP again',
  otpTooManyAttempts: 'Too many wrong attempts - Please send OTP again',
  otpAlreadyUsed: 'OTP already used - Please send OTP again',
  otpResendTooSoon: 'Please wait before requesting another OTP',
  otpRateLimited: 'Too many OTP requests. Please try again later.',
  invalidOtpToken: 'OTP verification is invalid or has expired - Please send OTP again',
  unauthorized: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  routeNotFound: 'Route not found',
  invalidJson: 'Request body is not valid JSON',
  validationFailed: 'Some fields are invalid',
  tooManyRequests: 'Too many requests. Please try again later.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;

/** Machine codes that go with the envelope's message. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  invalidJson: 'INVALID_JSON',
  unauthorized: 'UNAUTHORIZED',
  invalidToken: 'INVALID_TOKEN',
  tempTokenExpired: 'TEMP_TOKEN_EXPIRED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  phoneNotRegistered: 'PHONE_NOT_REGISTERED',
  requestIdNotFound: 'REQUEST_ID_NOT_FOUND',
  invalidOtp: 'INVALID_OTP',
  otpExpired: 'OTP_EXPIRED',
  otpTooManyAttempts: 'OTP_TOO_MANY_ATTEMPTS',
  otpAlreadyUsed: 'OTP_ALREADY_USED',
  otpResendTooSoon: 'OTP_RESEND_TOO_SOON',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Identity and account messages (issue: every sign-in path, renewal, dual role, account). */
export const ACCOUNT_MESSAGES = {
  providerNotConfigured: (provider: string) => `${provider} sign-in is not configured on this server`,
  oauthStateInvalid: 'The sign-in attempt has expired or was already used. Please try again.',
  oauthFailed: 'Sign-in with the provider failed. Please try again.',
  refreshInvalid: 'Your session has ended. Please log in again.',
  refreshReused: 'This session was ended because an old sign-in token was used again. Please log in again.',
  profilePictureUpdated: 'Profile Picture Updated',
  imagesOnly: 'Only image files can be used as a profile picture',
  imageTooLarge: 'The image is too large (10 MB at most)',
  fileMissing: 'Choose an image to upload',
  accountDeleted: 'Your account has been deleted',
  childSwitched: 'Child switched',
  accessTokenCreated: 'Access token created',
  accessTokenRevoked: 'Access token revoked',
} as const;
