import type { Hex } from "viem";
import { concat, getContractAddress, isHex, size } from "viem";
import { InvalidTransactionError } from "../errors/bots.js";
import { ContractExistsError } from "../errors/sender.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";
import { CREATE2_FACTORY_ADDRESS, ensureCreate2Factory } from "./create2Factory.js";
import type { SenderContext } from "./SenderContext.js";
import {
  type SendTransactionParameters,
  type SendTransactionReturnType,
  sendTransaction,
} from "./sendTransaction.js";

export type DeployCreate2Parameters = Pick<
  SendTransactionParameters,
  "account" | "privateKey" | "fromWalletId" | "value" | "gas" | "accessList" | "source" | "maxFeePerGasCap"
> & {
  /** 32 bytes of hex: with the init code, it decides the address. */
  salt: Hex;
  /** The contract's creation code with its encoded constructor arguments (viem's `encodeDeployData`). */
  initCode: Hex;
};

export type DeployCreate2ReturnType = SendTransactionReturnType & {
  /** Where the contract is created: known before sending, the same on every chain. */
  contractAddress: NonNullable<SendTransactionReturnType["contractAddress"]>;
  /** The factory's own deployment, when this call had to put it on the chain first; else null. */
  factoryDeployment: TransactionRecord | null;
};

/**
 * Deploys `initCode` with CREATE2 through the deterministic deployment proxy
 * (`0x4e59b44847b379578588920ca78fbf26c0b4956c`), so the contract's address depends only on the
 * salt and the code: the same on every chain, whoever sends it. The call to the factory (data
 * `salt ++ initCode`) goes through the sender's nonce manager like any transaction; its record's
 * `to` is the created contract and its kind `deploy`. An address that already holds code is
 * refused before anything is sent (`CONTRACT_EXISTS`). A chain without the factory gets it first,
 * from its published pre-signed deployment, with the deployer funded by the same sender.
 *
 * @example
 * const salt = keccak256(toHex("my-token v1"));
 * const sent = await platform.sender.deployCreate2({ fromWalletId: 1, salt, initCode });
 * await sent.wait(); // sent.contractAddress holds the code
 */
export async function deployCreate2(
  ctx: SenderContext,
  params: DeployCreate2Parameters,
): Promise<DeployCreate2ReturnType> {
  const { salt, initCode } = params;
  if (typeof salt !== "string" || !isHex(salt, { strict: true }) || salt.length !== 66) {
    throw new InvalidTransactionError("`salt` must be 32 bytes of 0x-prefixed hex.");
  }
  if (
    typeof initCode !== "string" ||
    !isHex(initCode, { strict: true }) ||
    initCode.length % 2 !== 0 ||
    size(initCode) === 0
  ) {
    throw new InvalidTransactionError("`initCode` must be non-empty 0x-prefixed hex of whole bytes.");
  }
  const contractAddress = getContractAddress({
    opcode: "CREATE2",
    from: CREATE2_FACTORY_ADDRESS,
    salt,
    bytecode: initCode,
  });
  const existing = await ctx.client.getCode({ address: contractAddress });
  if (existing !== undefined && existing !== "0x") throw new ContractExistsError(contractAddress);

  const sender = {
    account: params.account,
    privateKey: params.privateKey,
    fromWalletId: params.fromWalletId,
  };
  const source = params.source ?? "sdk";
  const factoryDeployment = await ensureCreate2Factory({
    client: ctx.client,
    storage: ctx.storage,
    source,
    fund: async (to, value) => {
      const funding = await sendTransaction(ctx, {
        ...sender,
        to,
        value,
        source,
        maxFeePerGasCap: params.maxFeePerGasCap,
      });
      const { record } = await funding.wait();
      if (record.status !== "confirmed") {
        throw new InvalidTransactionError(`funding the CREATE2 factory's deployer failed (${record.hash}).`);
      }
    },
  });
  const sent = await sendTransaction(
    ctx,
    {
      ...sender,
      to: CREATE2_FACTORY_ADDRESS,
      data: concat([salt, initCode]),
      value: params.value,
      gas: params.gas,
      accessList: params.accessList,
      source,
      maxFeePerGasCap: params.maxFeePerGasCap,
    },
    { createdAddress: contractAddress },
  );
  return { ...sent, contractAddress, factoryDeployment };
}
