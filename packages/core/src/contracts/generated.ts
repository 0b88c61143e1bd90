//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// PriceOracle
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

export const priceOracleAbi = [
  { type: 'constructor', inputs: [], stateMutability: 'nonpayable' },
  {
    type: 'error',
    inputs: [{ name: 'owner', internalType: 'address', type: 'address' }],
    name: 'OwnableInvalidOwner',
  },
  {
    type: 'error',
    inputs: [{ name: 'account', internalType: 'address', type: 'address' }],
    name: 'OwnableUnauthorizedAccount',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      {
        name: 'previousOwner',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      {
        name: 'newOwner',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
    ],
    name: 'OwnershipTransferred',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      {
        name: 'token',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      {
        name: 'price',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
      {
        name: 'timestamp',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
    ],
    name: 'PriceUpdated',
  },
  {
    type: 'function',
    inputs: [{ name: 'token', internalType: 'address', type: 'address' }],
    name: 'getPrice',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'owner',
    outputs: [{ name: '', internalType: 'address', type: 'address' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'renounceOwnership',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [{ name: 'newOwner', internalType: 'address', type: 'address' }],
    name: 'transferOwnership',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [
      { name: 'token', internalType: 'address', type: 'address' },
      { name: 'price', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'updatePrice',
    outputs: [],
    stateMutability: 'nonpayable',
  },
] as const

//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// Hardhat bytecode
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

/** Creation bytecode of PriceOracle. */
export const priceOracleBytecode =
  '0x6080604052348015600e575f5ffd5b503380603357604051631e4fbdf760e01b81525f600482015260240160405180910390fd5b603a81603f565b50608e565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b6103f28061009b5f395ff3fe608060405234801561000f575f5ffd5b5060043610610055575f3560e01c806341976e0914610059578063457972de1461007f578063715018a6146100945780638da5cb5b1461009c578063f2fde38b146100b6575b5f5ffd5b61006c61006736600461034f565b6100c9565b6040519081526020015b60405180910390f35b61009261008d36600461036f565b61019b565b005b610092610269565b5f546040516001600160a01b039091168152602001610076565b6100926100c436600461034f565b61027c565b6001600160a01b0381165f9081526001602081815260408084208151808301909252805482529092015490820181905282036101425760405162461bcd60e51b81526020600482015260136024820152725072696365206e6f7420617661696c61626c6560681b60448201526064015b60405180910390fd5b610e108160200151426101559190610397565b11156101945760405162461bcd60e51b815260206004820152600e60248201526d5072696365206973207374616c6560901b6044820152606401610139565b5192915050565b6101a36102b9565b5f81116101eb5760405162461bcd60e51b81526020600482015260166024820152755072696365206d75737420626520706f73697469766560501b6044820152606401610139565b6040805180820182528281524260208083018281526001600160a01b0387165f8181526001938490528690209451855590519390910192909255915190917fb556fac599c3c70efb9ab1fa725ecace6c81cc48d1455f886607def065f3e0c09161025d91858252602082015260400190565b60405180910390a25050565b6102716102b9565b61027a5f6102e5565b565b6102846102b9565b6001600160a01b0381166102ad57604051631e4fbdf760e01b81525f6004820152602401610139565b6102b6816102e5565b50565b5f546001600160a01b0316331461027a5760405163118cdaa760e01b8152336004820152602401610139565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b80356001600160a01b038116811461034a575f5ffd5b919050565b5f6020828403121561035f575f5ffd5b61036882610334565b9392505050565b5f5f60408385031215610380575f5ffd5b61038983610334565b946020939093013593505050565b818103818111156103b657634e487b7160e01b5f52601160045260245ffd5b9291505056fea26469706673582212205f0e6ff9cbe620a5bf89fa26dd18cf9f92eef3c4b07b3d4fca4c413994adbc1b64736f6c634300081c0033' as const
