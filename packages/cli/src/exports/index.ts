// A taken port fails `privnet up` with @privnet/http's PortInUseError, the one the servers raise.
export { PortInUseError } from "@privnet/http";
export { type StatusOptions, status } from "../commands/status.js";
export { type TlsTrustOptions, tlsTrust } from "../commands/tlsTrust.js";
export { type UpOptions, up } from "../commands/up.js";
export { defineConfig, type PrivnetConfig, privnetConfigSchema } from "../config/defineConfig.js";
export { CONFIG_FILE_NAMES, type LoadedConfig, loadConfigFile } from "../config/loadConfigFile.js";
export {
  ENVIRONMENT_VARIABLES,
  type LogFormat,
  resolveSettings,
  type StackSettings,
  type StorageSetting,
  type UpFlags,
} from "../config/resolveSettings.js";
export type { TlsFlags, TlsSetting } from "../config/tlsSetting.js";
export { UsageError } from "../config/UsageError.js";
export { adminApiService } from "../stack/adminApiService.js";
export { defaultServices } from "../stack/defaultServices.js";
export type {
  RunningService,
  ServicePort,
  StackContext,
  StackService,
  StackUrl,
} from "../stack/StackService.js";
export { type Stack, type StackProgress, type StartStackOptions, startStack } from "../stack/startStack.js";
export { type LoadedTls, loadTls } from "../tls/loadTls.js";
export { type CertificateTrust, trustCertificate } from "../tls/trustCertificate.js";
