export { type CertificateInfo, certificateCovers, certificateInfo } from "./certificateInfo.js";
export {
  type CreateSelfSignedCertificateParameters,
  createSelfSignedCertificate,
} from "./createSelfSignedCertificate.js";
export type { TlsMaterial } from "./TlsMaterial.js";
