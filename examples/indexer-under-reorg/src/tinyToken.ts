// TinyToken (contracts/TinyToken.sol) compiled with solc 0.8.28 (optimizer on, 200 runs), inlined so
// that the example needs no compiler; a real project would generate this from its build.

export const tinyTokenAbi = [
  {
    inputs: [
      {
        internalType: "uint256",
        name: "supply",
        type: "uint256",
      },
    ],
    stateMutability: "nonpayable",
    type: "constructor",
  },
  {
    anonymous: false,
    inputs: [
      {
        indexed: true,
        internalType: "address",
        name: "from",
        type: "address",
      },
      {
        indexed: true,
        internalType: "address",
        name: "to",
        type: "address",
      },
      {
        indexed: false,
        internalType: "uint256",
        name: "value",
        type: "uint256",
      },
    ],
    name: "Transfer",
    type: "event",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "",
        type: "address",
      },
    ],
    name: "balanceOf",
    outputs: [
      {
        internalType: "uint256",
        name: "",
        type: "uint256",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "to",
        type: "address",
      },
      {
        internalType: "uint256",
        name: "value",
        type: "uint256",
      },
    ],
    name: "transfer",
    outputs: [
      {
        internalType: "bool",
        name: "",
        type: "bool",
      },
    ],
    stateMutability: "nonpayable",
    type: "function",
  },
] as const;

export const tinyTokenBytecode =
  "0x6080604052348015600e575f5ffd5b506040516102b13803806102b1833981016040819052602b916071565b335f81815260208181526040808320859055518481527fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef910160405180910390a3506087565b5f602082840312156080575f5ffd5b5051919050565b61021d806100945f395ff3fe608060405234801561000f575f5ffd5b5060043610610034575f3560e01c806370a0823114610038578063a9059cbb1461006a575b5f5ffd5b610057610046366004610180565b5f6020819052908152604090205481565b6040519081526020015b60405180910390f35b61007d6100783660046101a0565b61008d565b6040519015158152602001610061565b335f90815260208190526040812054828110156100e25760405162461bcd60e51b815260206004820152600f60248201526e62616c616e636520746f6f206c6f7760881b604482015260640160405180910390fd5b335f9081526020819052604080822085840390556001600160a01b0386168252812080548592906101149084906101c8565b90915550506040518381526001600160a01b0385169033907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef9060200160405180910390a360019150505b92915050565b80356001600160a01b038116811461017b575f5ffd5b919050565b5f60208284031215610190575f5ffd5b61019982610165565b9392505050565b5f5f604083850312156101b1575f5ffd5b6101ba83610165565b946020939093013593505050565b8082018082111561015f57634e487b7160e01b5f52601160045260245ffdfea26469706673582212209ff9704fd9918f8a19c3ff26881bd3b7915dacf4b99ab204514d080ec464975764736f6c634300081c0033" as const;
