/** The specification's verbatim messages (spec section 8) and the server's own. */
export const MESSAGES = {
  phoneNotRegistered: 'Phone number not registered',
  otpSent: 'OTP sent successfully',
  otpResent: 'OTP resent successfully',
  requestIdNotFound: 'Request ID is not found - Please send OTP again',
  userDoesNotExist: 'User Does Not Exist',
  sessionExpired: 'Session expired. Please log in again.',
  tempTokenExpired: 'Generated Access Token Expired',
  tempTokenNotAllowed: 'A temporary access token cannot do this',
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
  /** `{{minutes}}` is replaced by the minutes left until the number may try again. */
  otpNumberLocked: 'Too many wrong codes for this number. Try again in {{minutes}} minutes.',
  phoneLookupsRateLimited: 'Too many phone number checks. Please try again later.',
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
  // Privilege rules: nobody grants more than they hold, nor acts on someone who holds more.
  privilegeGrant: 'You cannot grant permissions you do not hold',
  privilegeTarget: 'You cannot change someone who holds more permissions than you',
  ownRole: 'You cannot change your own role',
  alreadyInvited: 'This person has already been invited to this school',
  invitationClosed: 'This invitation is no longer open',
  // Uploads and stored files (sizes as in UPLOAD_LIMITS).
  fileTypeNotAllowed: 'This kind of file cannot be uploaded',
  videoTooLarge: 'The video is too large (100 MB at most)',
  documentTooLarge: 'The document is too large (20 MB at most)',
  uploadDailyLimit: "You have reached today's upload limit. Please try again tomorrow.",
  uploadsTooFast: 'Too many files in a minute. Please wait a moment and try again.',
  mediaHasLocation:
    'This file records where it was made and the location cannot be removed. Save it again without the location and upload it.',
  mediaLinkExpired: 'This link to a file has expired. Open the page again to see the file.',
  mediaLinkInvalid: 'This file can only be opened from the page that shows it.',
} as const;

/** Machine codes that go with the envelope's message. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  invalidJson: 'INVALID_JSON',
  unauthorized: 'UNAUTHORIZED',
  invalidToken: 'INVALID_TOKEN',
  tempTokenExpired: 'TEMP_TOKEN_EXPIRED',
  tempTokenNotAllowed: 'TEMP_TOKEN_NOT_ALLOWED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  phoneNotRegistered: 'PHONE_NOT_REGISTERED',
  requestIdNotFound: 'REQUEST_ID_NOT_FOUND',
  invalidOtp: 'INVALID_OTP',
  otpExpired: 'OTP_EXPIRED',
  otpTooManyAttempts: 'OTP_TOO_MANY_ATTEMPTS',
  otpAlreadyUsed: 'OTP_ALREADY_USED',
  otpResendTooSoon: 'OTP_RESEND_TOO_SOON',
  otpNumberLocked: 'OTP_NUMBER_LOCKED',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  privilegeExceeded: 'PRIVILEGE_EXCEEDED',
  ownRole: 'OWN_ROLE',
  alreadyInvited: 'ALREADY_INVITED',
  invitationClosed: 'INVITATION_CLOSED',
  fileTooLarge: 'FILE_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  uploadQuotaExceeded: 'UPLOAD_QUOTA_EXCEEDED',
  uploadRateLimited: 'UPLOAD_RATE_LIMITED',
  mediaHasLocation: 'MEDIA_HAS_LOCATION',
  mediaLinkExpired: 'MEDIA_LINK_EXPIRED',
  mediaLinkInvalid: 'MEDIA_LINK_INVALID',
  /** A request the server could not read (a malformed multipart body, an empty JSON body). */
  badRequest: 'BAD_REQUEST',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** Something of that name or in that state already exists (a role, a division, a staff member). */
  conflict: 'CONFLICT',
  userDoesNotExist: 'USER_DOES_NOT_EXIST',
  providerNotConfigured: 'PROVIDER_NOT_CONFIGURED',
  oauthStateInvalid: 'OAUTH_STATE_INVALID',
  oauthFailed: 'OAUTH_FAILED',
  refreshTokenReused: 'REFRESH_TOKEN_REUSED',
  notAnImage: 'NOT_AN_IMAGE',
  notAVideo: 'NOT_A_VIDEO',
  notAPdf: 'NOT_A_PDF',
  notADocument: 'NOT_A_DOCUMENT',
  importUnreadable: 'IMPORT_UNREADABLE',
  importEmpty: 'IMPORT_EMPTY',
  importTooLarge: 'IMPORT_TOO_LARGE',
  importInvalid: 'IMPORT_INVALID',
  futureDate: 'FUTURE_DATE',
  holiday: 'HOLIDAY',
  notInClass: 'NOT_IN_CLASS',
  scheduleInPast: 'SCHEDULE_IN_PAST',
  published: 'PUBLISHED',
  aiProviderNotConfigured: 'AI_PROVIDER',
  noTool: 'NO_TOOL',
  alreadySaved: 'ALREADY_SAVED',
  /** A class's day already marked complete: reopen it on the attendance page before changing it. */
  dayComplete: 'DAY_COMPLETE',
  taskNotFailed: 'NOT_FAILED',
  noCaptionModel: 'NO_CAPTION_MODEL',
  captionFailed: 'CAPTION_FAILED',
  noTranscription: 'NO_TRANSCRIPTION',
  /** Captions and speech to text go to the external model only when the school's admin switched it on. */
  externalProviderOff: 'EXTERNAL_PROVIDER_OFF',
  transcriptionFailed: 'TRANSCRIPTION_FAILED',
  alreadyDecided: 'ALREADY_DECIDED',
  /** Tagging a child in an item shared with the class without the family's photo consent. */
  noPhotoConsent: 'NO_PHOTO_CONSENT',
  /** Cue was asked for a draft of a day with nothing recorded about those children. */
  nothingToDraft: 'NOTHING_TO_DRAFT',
  /** A reference face for a child without the family's face-recognition consent. */
  noBiometricConsent: 'NO_BIOMETRIC_CONSENT',
  /** The school's media storage quota would be exceeded. */
  mediaQuotaFull: 'MEDIA_QUOTA_FULL',
  /** A chat message is edited only in its first 15 minutes. */
  editWindowPassed: 'EDIT_WINDOW_PASSED',
  /** A family writing in a channel only staff write in. */
  readOnlyChannel: 'READ_ONLY_CHANNEL',
  urgentNotAllowed: 'URGENT_NOT_ALLOWED',
  /** A dose of a medicine the family gave no written permission for. */
  noMedicineConsent: 'NO_MEDICINE_CONSENT',
  /** A dose sooner after the last one (at home or school) than the medicine allows. */
  doseTooSoon: 'DOSE_TOO_SOON',
  medicineNotCurrent: 'MEDICINE_NOT_CURRENT',
  /** A meal with a child's recorded allergen: saved only when confirmed. */
  allergenWarning: 'ALLERGEN_WARNING',
  /** Incident and accident reports are corrected with a reason, never deleted. */
  notDeletable: 'NOT_DELETABLE',
  /** A unit's field changed by someone else since the version the change was made on. */
  editConflict: 'EDIT_CONFLICT',
  /** A planned activity on a weekday the class does not meet, or outside its hours. */
  outsideClassDay: 'OUTSIDE_CLASS_DAY',
  outsideClassHours: 'OUTSIDE_CLASS_HOURS',
  /** The product's own unit library is read only: its units are copied, not changed. */
  globalLibraryReadOnly: 'GLOBAL_LIBRARY_READ_ONLY',
  /** An assessment period an admin locked: its grades, cards and reports no longer change. */
  periodLocked: 'PERIOD_LOCKED',
  /** A grade that is not a value of its task's scale. */
  gradeNotOnScale: 'GRADE_NOT_ON_SCALE',
  /** A set of report cards locked (or shared) refuses changes to its comments. */
  reportLocked: 'REPORT_LOCKED',
  /** Sharing report cards that are not locked and prepared. */
  reportNotReady: 'REPORT_NOT_READY',
  /** A feedback form that is not open for answers. */
  formClosed: 'FORM_CLOSED',
  /** An ISBN whose check digit or form is wrong. */
  invalidIsbn: 'INVALID_ISBN',
  duplicateIsbn: 'DUPLICATE_ISBN',
  barcodeTaken: 'BARCODE_TAKEN',
  unknownBarcode: 'UNKNOWN_BARCODE',
  /** A copy on loan, kept for another child, in repair, lost or withdrawn. */
  copyNotAvailable: 'COPY_NOT_AVAILABLE',
  copyNotOnLoan: 'COPY_NOT_ON_LOAN',
  loanLimit: 'LOAN_LIMIT',
  renewLimit: 'RENEW_LIMIT',
  alreadyReserved: 'ALREADY_RESERVED',
  itemOnLoan: 'ITEM_ON_LOAN',
  loanClosed: 'LOAN_CLOSED',
  importInvalidFile: 'IMPORT_FILE',
  /** Someone who is not one of the child's authorised collectors. */
  notAuthorisedCollector: 'NOT_AUTHORISED_COLLECTOR',
  /** A person the school recorded as not allowed to collect the child (a court order). */
  collectorBlocked: 'COLLECTOR_BLOCKED',
  alreadyCheckedIn: 'ALREADY_CHECKED_IN',
  notCheckedIn: 'NOT_CHECKED_IN',
  healthAnswerRequired: 'HEALTH_ANSWER_REQUIRED',
  kioskInvalid: 'KIOSK_INVALID',
  kioskCodeInvalid: 'KIOSK_CODE_INVALID',
  pickupCodeInvalid: 'PICKUP_CODE_INVALID',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  /** A change to one of the product's own curriculum frameworks (copy it, or add the school's own items). */
  shippedReadOnly: 'SHIPPED_READ_ONLY',
  /** A code another item of the same framework already has. */
  codeTaken: 'CODE_TAKEN',
  frameworkInUse: 'FRAMEWORK_IN_USE',
  archivedParent: 'ARCHIVED_PARENT',
  /** Two parts of a day schedule's day that overlap. */
  scheduleOverlap: 'SCHEDULE_OVERLAP',
  /** A second day schedule for the same school, division or class. */
  scheduleTaken: 'SCHEDULE_TAKEN',
  /** A booking for more of a resource than is free at that time. */
  resourceUnavailable: 'RESOURCE_UNAVAILABLE',
  quantityBelowBookings: 'QUANTITY_BELOW_BOOKINGS',
  /** An email template with a placeholder its email does not have. */
  unknownPlaceholder: 'UNKNOWN_PLACEHOLDER',
  /** A test email to someone with no email address. */
  noEmail: 'NO_EMAIL',
  /** Too many public submissions or uploads from one address. */
  tooManySubmissions: 'TOO_MANY_SUBMISSIONS',
  /** A pipeline step that the application's stage does not allow. */
  stageNotAllowed: 'STAGE_NOT_ALLOWED',
  alreadyEnrolled: 'ALREADY_ENROLLED',
  alreadyHired: 'ALREADY_HIRED',
  interviewerBusy: 'INTERVIEWER_BUSY',
  /** An issued invoice is corrected by a revision or a credit note, never edited. */
  invoiceIssued: 'INVOICE_ISSUED',
  /** A period whose invoices were issued already (per class and billing cycle). */
  cycleTaken: 'CYCLE_TAKEN',
  nothingToInvoice: 'NOTHING_TO_INVOICE',
  /** Allocating or crediting more than an invoice still owes. */
  overAllocation: 'OVER_ALLOCATION',
  providerNotEnabled: 'PROVIDER_NOT_ENABLED',
  currencyLocked: 'CURRENCY_LOCKED',
  /** Leave (issue 27). */
  leaveBalance: 'LEAVE_BALANCE',
  leaveOverlap: 'LEAVE_OVERLAP',
  leaveNoWorkingDays: 'LEAVE_NO_WORKING_DAYS',
  leaveHalfDays: 'LEAVE_HALF_DAYS',
  leaveNotPending: 'LEAVE_NOT_PENDING',
  leaveStarted: 'LEAVE_STARTED',
  leaveOwnRequest: 'LEAVE_OWN_REQUEST',
  managerLoop: 'MANAGER_LOOP',
  leaveTypeTaken: 'LEAVE_TYPE_TAKEN',
  /** Staff attendance (issue 27). */
  staffAlreadyIn: 'STAFF_ALREADY_IN',
  staffNotIn: 'STAFF_NOT_IN',
  staffAlreadyOut: 'STAFF_ALREADY_OUT',
  staffWebOff: 'STAFF_WEB_OFF',
  staffCodeInvalid: 'STAFF_CODE_INVALID',
  outBeforeIn: 'OUT_BEFORE_IN',
  futureDay: 'FUTURE_DAY',
  /** Cover (issue 27). */
  coverBusy: 'COVER_BUSY',
  /** Timetable (issue 28). */
  subjectTaken: 'SUBJECT_TAKEN',
  subjectInUse: 'SUBJECT_IN_USE',
  mappingTaken: 'MAPPING_TAKEN',
  timetableRunning: 'TIMETABLE_RUNNING',
  lessonClash: 'LESSON_CLASH',
  /** The instance cannot serve yet or any more (readiness). */
  notReady: 'NOT_READY',
  /** Data protection (issue 30). */
  childStillEnrolled: 'CHILD_STILL_ENROLLED',
  erasureNameMismatch: 'ERASURE_NAME_MISMATCH',
  alreadyErased: 'ALREADY_ERASED',
} as const;
/** Every machine code a refusal may carry: the web app translates by these, never by the English message. */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
export const ALL_ERROR_CODES: readonly ErrorCode[] = Object.values(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode => ALL_ERROR_CODES.includes(value as ErrorCode);

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
  tempTokenTooShort: 'A temporary access token lasts at least 5 minutes',
  tempTokenTooLong: 'A temporary access token lasts at most 24 hours',
} as const;
