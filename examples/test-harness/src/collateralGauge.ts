// Compiled from contracts/CollateralGauge.sol with solc 0.8.28 (optimizer 200 runs, evm cancun).
// A dApp would generate this from its own build (Hardhat, Foundry, @wagmi/cli); it is inlined here
// so that the example needs no compiler.
export const collateralGaugeAbi = [
  {
    inputs: [
      {
        internalType: "contract IPriceOracle",
        name: "oracle_",
        type: "address",
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
        name: "token",
        type: "address",
      },
      {
        indexed: false,
        internalType: "uint256",
        name: "amount",
        type: "uint256",
      },
      {
        indexed: false,
        internalType: "uint256",
        name: "valueUsd",
        type: "uint256",
      },
      {
        indexed: false,
        internalType: "bool",
        name: "enough",
        type: "bool",
      },
    ],
    name: "Checked",
    type: "event",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "token",
        type: "address",
      },
      {
        internalType: "uint256",
        name: "amount",
        type: "uint256",
      },
      {
        internalType: "uint256",
        name: "floorUsd",
        type: "uint256",
      },
    ],
    name: "check",
    outputs: [
      {
        internalType: "bool",
        name: "enough",
        type: "bool",
      },
    ],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [],
    name: "oracle",
    outputs: [
      {
        internalType: "contract IPriceOracle",
        name: "",
        type: "address",
      },
    ],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      {
        internalType: "address",
        name: "token",
        type: "address",
      },
      {
        internalType: "uint256",
        name: "amount",
        type: "uint256",
      },
    ],
    name: "valueUsd",
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
] as const;

export const collateralGaugeBytecode =
  "0x60a0604052348015600e575f5ffd5b5060405161036f38038061036f833981016040819052602b91603b565b6001600160a01b03166080526066565b5f60208284031215604a575f5ffd5b81516001600160a01b0381168114605f575f5ffd5b9392505050565b6080516102ec6100835f395f8181606e015260f801526102ec5ff3fe608060405234801561000f575f5ffd5b506004361061003f575f3560e01c806325f8da9f146100435780637dc0d1d01461006957806398827c9a146100a8575b5f5ffd5b610056610051366004610205565b6100cb565b6040519081526020015b60405180910390f35b6100907f000000000000000000000000000000000000000000000000000000000000000081565b6040516001600160a01b039091168152602001610060565b6100bb6100b636600461022d565b610180565b6040519015158152602001610060565b6040516341976e0960e01b81526001600160a01b0383811660048301525f91670de0b6b3a76400009184917f0000000000000000000000000000000000000000000000000000000000000000909116906341976e0990602401602060405180830381865afa15801561013f573d5f5f3e3d5ffd5b505050506040513d601f19601f82011682018060405250810190610163919061025d565b61016d9190610274565b6101779190610297565b90505b92915050565b5f5f61018c85856100cb565b6040805186815260208101839052858310159181018290529093509091506001600160a01b038616907f6dda46d21433a45d9b2616ccb32de584c96be8e84d92f96db4e4b2c877d379439060600160405180910390a2509392505050565b80356001600160a01b0381168114610200575f5ffd5b919050565b5f5f60408385031215610216575f5ffd5b61021f836101ea565b946020939093013593505050565b5f5f5f6060848603121561023f575f5ffd5b610248846101ea565b95602085013595506040909401359392505050565b5f6020828403121561026d575f5ffd5b5051919050565b808202811582820484141761017a57634e487b7160e01b5f52601160045260245ffd5b5f826102b157634e487b7160e01b5f52601260045260245ffd5b50049056fea26469706673582212204e29dbadfebc6c55b00d032cf514401f1f7f77a6d243df94b73004fe060502af64736f6c634300081c0033" as const;
