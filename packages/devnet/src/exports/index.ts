export { resolveAnvilBinary } from "../anvil/resolveAnvilBinary.js";
export { type Devnet, type StartDevnetOptions, startDevnet } from "../anvil/startDevnet.js";
export {
  DevnetBinaryNotFoundError,
  DevnetPortInUseError,
  DevnetStartError,
  DevnetStateInvalidError,
} from "../errors.js";
export {
  acquireDevnetPool,
  type DevnetPoolOptions,
  type PooledDevnet,
} from "../testing/devnetPool.js";
