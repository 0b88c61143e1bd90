import {
  type Account,
  type Address,
  type Chain,
  type Client,
  getContractAddress,
  type Hash,
  type Hex,
  type Transport,
} from "viem";
import {
  estimateGas,
  getBlock,
  getTransactionCount,
  getTransactionReceipt,
  sendTransaction,
  waitForTransactionReceipt,
} from "viem/actions";
import { ContractDeploymentFailedError } from "../errors/contracts.js";
import { type TransactionFees, transactionFees } from "../fees/feePolicy.js";
import { deploymentFailure } from "./deploymentFailure.js";

/** A viem client that can sign: a wallet client with an account. */
export type DeployerClient = Client<Transport, Chain | undefined, Account>;

/** One transaction of the deployment, its gas already decided. `to: null` deploys `data`. */
export type DeploymentTransactionRequest = { to: Address | null; data: Hex; value: bigint; gas: bigint };

/** A transaction the node accepted: its hash, the new contract's address for a deployment. */
export type SentDeploymentTransaction = {
  hash: Hash;
  contractAddress: Address | null;
  /** Resolves with the hash that was mined (a replacement's, if it was replaced); rejects if it failed. */
  wait(): Promise<Hash>;
};

/** Sends one transaction from the deployer; resolves once the node accepted it. Calls keep their order. */
export type DeploymentSend = (request: DeploymentTransactionRequest) => Promise<SentDeploymentTransaction>;

export type DeploymentTransaction = { step: string; hash: Hash; blockNumber: bigint; gasUsed: bigint };

/** One step of a deployment: what it is called (in errors), and its transaction; without `gas`, it is estimated. */
export type DeploymentStep = { step: string; to: Address | null; data: Hex; value?: bigint; gas?: bigint };

/**
 * A deployment's transactions, sent in batches through `send` and awaited together at the end:
 * `sendAll` estimates the steps that need it, sends the batch in order without waiting for blocks
 * (the node's acceptance gives each deployment its address, which the next batch needs), and
 * `settle` waits for every transaction sent and checks its receipt. `CONTRACT_DEPLOYMENT_FAILED`
 * names the step that could not be estimated, sent or mined.
 *
 * @example
 * const deployment = sendDeployment(walletClient, account, send);
 * const [oracle] = await deployment.sendAll([{ step: "deploy PriceOracle", to: null, data }]);
 * const transactions = await deployment.settle();
 */
export function sendDeployment(walletClient: DeployerClient, account: Account, send: DeploymentSend) {
  const sent: SentDeploymentTransaction[] = [];
  const steps: DeploymentStep[] = [];
  const estimate = async (step: DeploymentStep) => {
    try {
      const gas = await estimateGas(walletClient, {
        account,
        data: step.data,
        ...(step.to ? { to: step.to } : {}),
        ...(step.value ? { value: step.value } : {}),
      });
      step.gas = (gas * 12n) / 10n;
    } catch (cause) {
      throw deploymentFailure(step.step, cause);
    }
  };
  return {
    async sendAll(batch: DeploymentStep[]): Promise<SentDeploymentTransaction[]> {
      if (batch.length === 0) return [];
      await Promise.all(batch.filter((step) => step.gas === undefined).map(estimate));
      const accepted = await Promise.allSettled(
        batch.map((step) =>
          send({ to: step.to, data: step.data, value: step.value ?? 0n, gas: step.gas as bigint }),
        ),
      );
      const results: SentDeploymentTransaction[] = [];
      for (const [index, outcome] of accepted.entries()) {
        const step = batch[index] as DeploymentStep;
        if (outcome.status === "rejected") throw deploymentFailure(step.step, outcome.reason);
        steps.push(step);
        sent.push(outcome.value);
        results.push(outcome.value);
      }
      return results;
    },
    /** Every transaction sent, in order, with the block that mined it (a replaced one followed to its replacement). */
    async settle(): Promise<DeploymentTransaction[]> {
      const mined = await Promise.allSettled(sent.map((transaction) => transaction.wait()));
      const transactions: DeploymentTransaction[] = [];
      for (const [index, outcome] of mined.entries()) {
        const step = steps[index] as DeploymentStep;
        const hash = (sent[index] as SentDeploymentTransaction).hash;
        if (outcome.status === "rejected")
          throw new ContractDeploymentFailedError(step.step, { hash, cause: outcome.reason });
        const receipt = await getTransactionReceipt(walletClient, { hash: outcome.value });
        if (receipt.status !== "success")
          throw new ContractDeploymentFailedError(step.step, { hash: receipt.transactionHash });
        transactions.push({
          step: step.step,
          hash: receipt.transactionHash,
          blockNumber: receipt.blockNumber,
          gasUsed: receipt.gasUsed,
        });
      }
      return transactions;
    },
  };
}

/**
 * The default {@link DeploymentSend}: straight from the wallet client, consecutive nonces from the
 * deployer's pending count, fees from the platform's fee policy (the same for the whole batch, so
 * that none of it is left behind). For a deployer nothing else sends from meanwhile.
 *
 * One transaction at a time: each goes out once the node accepted the one before it. anvil 1.7.1
 * can keep a transaction whose request overtook the one with the nonce below it queued for good,
 * even after that one is mined (about one batch in thirty of eight concurrent sends here), and the
 * deployment would wait for it forever. In order, a batch costs one round trip per transaction.
 */
export function walletClientSend(walletClient: DeployerClient, account: Account): DeploymentSend {
  let next: { nonce: number; fees: TransactionFees } | undefined;
  let previous: Promise<unknown> = Promise.resolve();
  const sendOne = async (request: DeploymentTransactionRequest): Promise<SentDeploymentTransaction> => {
    const { nonce, fees }: { nonce: number; fees: TransactionFees } =
      next ??
      (await Promise.all([
        getTransactionCount(walletClient, { address: account.address, blockTag: "pending" }),
        getBlock(walletClient, { blockTag: "latest" }),
      ]).then(([count, block]) => ({ nonce: count, fees: transactionFees(block.baseFeePerGas) })));
    let hash: Hash;
    try {
      hash = await sendTransaction(walletClient, {
        account,
        chain: walletClient.chain ?? null,
        to: request.to,
        data: request.data,
        value: request.value,
        gas: request.gas,
        nonce,
        ...fees,
      });
    } catch (error) {
      // The next send asks the node again where the deployer's nonce stands.
      next = undefined;
      throw error;
    }
    next = { nonce: nonce + 1, fees };
    return {
      hash,
      contractAddress:
        request.to === null ? getContractAddress({ from: account.address, nonce: BigInt(nonce) }) : null,
      wait: async () => (await waitForTransactionReceipt(walletClient, { hash })).transactionHash,
    };
  };
  return (request) => {
    const sent = previous.catch(() => undefined).then(() => sendOne(request));
    previous = sent;
    return sent;
  };
}
