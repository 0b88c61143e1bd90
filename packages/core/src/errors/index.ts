export { ContractDeploymentFailedError } from "./contracts.js";
export {
  type ErrorCode,
  errorCodes,
  isPrivnetError,
  PrivnetError,
  type PrivnetErrorOptions,
} from "./PrivnetError.js";
export {
  ChainIdMismatchError,
  ChainUnreachableError,
  InvalidOptionsError,
  PlatformClosedError,
} from "./platform.js";
export {
  StorageClosedError,
  StorageOpenFailedError,
  StorageSchemaUnsupportedError,
  StorageValueInvalidError,
  WalletExistsError,
} from "./storage.js";
