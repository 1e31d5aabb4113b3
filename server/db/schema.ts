/** The one schema drizzle sees: every feature's tables, for the typed query API and drizzle-kit. */
export * from '../features/accounts/accounts.table';
export * from '../features/auth/auth.table';
export * from '../features/notifications/notifications.table';
export * from '../features/admin/admin.table';
export * from '../features/uploads/uploads.table';
export * from '../features/courses/courses.table';
export * from '../features/courses/course-learning.table';
export * from '../features/certificates/certificates.table';
export * from '../features/payments/payments.table';
