// Webhook building blocks, pure of database and Temporal code; the delivery activity and
// workflow compose them (see README.md beside this file).
export { generateSecret, sign, signatureHeader, verify, secretKey, SECRET_PREFIX, TIMESTAMP_TOLERANCE_SECONDS } from './signature.ts';
export type { VerifyResult, VerifyFailure, WebhookHeaders } from './signature.ts';
export { createSecretBox, secretBoxFromEnv, encryptSecret, decryptSecret, parseSecretKey, SECRET_KEY_ENV } from './secret-box.ts';
export type { SecretBox } from './secret-box.ts';
export { checkUrlSyntax, checkWebhookUrl, allowLoopbackFromEnv, systemLookup } from './url-policy.ts';
export type { UrlRefusalCode, UrlRefusal, UrlAccepted, UrlSyntaxAccepted, UrlPolicyOptions, LookupAll } from './url-policy.ts';
export { classifyAddress, embeddedIPv4 } from './ip-address.ts';
export type { AddressClass } from './ip-address.ts';
export { deliverWebhook, deliverOptionsFromEnv, DELIVERY_TIMEOUT_MS, RESPONSE_READ_BYTES, RESPONSE_KEEP_BYTES } from './deliver.ts';
export type { DeliveryRequest, DeliveryResult, DeliveryFailure, DeliverOptions } from './deliver.ts';
