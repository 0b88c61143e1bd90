//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// AggregatorV3Interface
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

export const aggregatorV3InterfaceAbi = [
  {
    type: 'function',
    inputs: [],
    name: 'decimals',
    outputs: [{ name: '', internalType: 'uint8', type: 'uint8' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'description',
    outputs: [{ name: '', internalType: 'string', type: 'string' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'roundId', internalType: 'uint80', type: 'uint80' }],
    name: 'getRoundData',
    outputs: [
      { name: 'roundId_', internalType: 'uint80', type: 'uint80' },
      { name: 'answer', internalType: 'int256', type: 'int256' },
      { name: 'startedAt', internalType: 'uint256', type: 'uint256' },
      { name: 'updatedAt', internalType: 'uint256', type: 'uint256' },
      { name: 'answeredInRound', internalType: 'uint80', type: 'uint80' },
    ],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'latestRoundData',
    outputs: [
      { name: 'roundId', internalType: 'uint80', type: 'uint80' },
      { name: 'answer', internalType: 'int256', type: 'int256' },
      { name: 'startedAt', internalType: 'uint256', type: 'uint256' },
      { name: 'updatedAt', internalType: 'uint256', type: 'uint256' },
      { name: 'answeredInRound', internalType: 'uint80', type: 'uint80' },
    ],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'version',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
] as const

//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// DeployTarget
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

export const deployTargetAbi = [
  {
    type: 'constructor',
    inputs: [{ name: 'destruct', internalType: 'bool', type: 'bool' }],
    stateMutability: 'payable',
  },
  {
    type: 'function',
    inputs: [],
    name: 'deployer',
    outputs: [{ name: '', internalType: 'address', type: 'address' }],
    stateMutability: 'view',
  },
] as const

//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// DevMultiToken
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

export const devMultiTokenAbi = [
  { type: 'constructor', inputs: [], stateMutability: 'nonpayable' },
  {
    type: 'error',
    inputs: [
      { name: 'sender', internalType: 'address', type: 'address' },
      { name: 'balance', internalType: 'uint256', type: 'uint256' },
      { name: 'needed', internalType: 'uint256', type: 'uint256' },
      { name: 'tokenId', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'ERC1155InsufficientBalance',
  },
  {
    type: 'error',
    inputs: [{ name: 'approver', internalType: 'address', type: 'address' }],
    name: 'ERC1155InvalidApprover',
  },
  {
    type: 'error',
    inputs: [
      { name: 'idsLength', internalType: 'uint256', type: 'uint256' },
      { name: 'valuesLength', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'ERC1155InvalidArrayLength',
  },
  {
    type: 'error',
    inputs: [{ name: 'operator', internalType: 'address', type: 'address' }],
    name: 'ERC1155InvalidOperator',
  },
  {
    type: 'error',
    inputs: [{ name: 'receiver', internalType: 'address', type: 'address' }],
    name: 'ERC1155InvalidReceiver',
  },
  {
    type: 'error',
    inputs: [{ name: 'sender', internalType: 'address', type: 'address' }],
    name: 'ERC1155InvalidSender',
  },
  {
    type: 'error',
    inputs: [
      { name: 'operator', internalType: 'address', type: 'address' },
      { name: 'owner', internalType: 'address', type: 'address' },
    ],
    name: 'ERC1155MissingApprovalForAll',
  },
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
        name: 'account',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      {
        name: 'operator',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      { name: 'approved', internalType: 'bool', type: 'bool', indexed: false },
    ],
    name: 'ApprovalForAll',
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
        name: 'operator',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      { name: 'from', internalType: 'address', type: 'address', indexed: true },
      { name: 'to', internalType: 'address', type: 'address', indexed: true },
      {
        name: 'ids',
        internalType: 'uint256[]',
        type: 'uint256[]',
        indexed: false,
      },
      {
        name: 'values',
        internalType: 'uint256[]',
        type: 'uint256[]',
        indexed: false,
      },
    ],
    name: 'TransferBatch',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      {
        name: 'operator',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      { name: 'from', internalType: 'address', type: 'address', indexed: true },
      { name: 'to', internalType: 'address', type: 'address', indexed: true },
      { name: 'id', internalType: 'uint256', type: 'uint256', indexed: false },
      {
        name: 'value',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
    ],
    name: 'TransferSingle',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'value', internalType: 'string', type: 'string', indexed: false },
      { name: 'id', internalType: 'uint256', type: 'uint256', indexed: true },
    ],
    name: 'URI',
  },
  {
    type: 'function',
    inputs: [
      { name: 'account', internalType: 'address', type: 'address' },
      { name: 'id', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'balanceOf',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'accounts', internalType: 'address[]', type: 'address[]' },
      { name: 'ids', internalType: 'uint256[]', type: 'uint256[]' },
    ],
    name: 'balanceOfBatch',
    outputs: [{ name: '', internalType: 'uint256[]', type: 'uint256[]' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'id', internalType: 'uint256', type: 'uint256' }],
    name: 'exists',
    outputs: [{ name: '', internalType: 'bool', type: 'bool' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'account', internalType: 'address', type: 'address' },
      { name: 'operator', internalType: 'address', type: 'address' },
    ],
    name: 'isApprovedForAll',
    outputs: [{ name: '', internalType: 'bool', type: 'bool' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'to', internalType: 'address', type: 'address' },
      { name: 'ids', internalType: 'uint256[]', type: 'uint256[]' },
      { name: 'amounts', internalType: 'uint256[]', type: 'uint256[]' },
    ],
    name: 'mintBatch',
    outputs: [],
    stateMutability: 'nonpayable',
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
    inputs: [
      { name: 'from', internalType: 'address', type: 'address' },
      { name: 'to', internalType: 'address', type: 'address' },
      { name: 'ids', internalType: 'uint256[]', type: 'uint256[]' },
      { name: 'values', internalType: 'uint256[]', type: 'uint256[]' },
      { name: 'data', internalType: 'bytes', type: 'bytes' },
    ],
    name: 'safeBatchTransferFrom',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [
      { name: 'from', internalType: 'address', type: 'address' },
      { name: 'to', internalType: 'address', type: 'address' },
      { name: 'id', internalType: 'uint256', type: 'uint256' },
      { name: 'value', internalType: 'uint256', type: 'uint256' },
      { name: 'data', internalType: 'bytes', type: 'bytes' },
    ],
    name: 'safeTransferFrom',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [
      { name: 'operator', internalType: 'address', type: 'address' },
      { name: 'approved', internalType: 'bool', type: 'bool' },
    ],
    name: 'setApprovalForAll',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [{ name: 'interfaceId', internalType: 'bytes4', type: 'bytes4' }],
    name: 'supportsInterface',
    outputs: [{ name: '', internalType: 'bool', type: 'bool' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'totalSupply',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'id', internalType: 'uint256', type: 'uint256' }],
    name: 'totalSupply',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
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
    inputs: [{ name: 'id', internalType: 'uint256', type: 'uint256' }],
    name: 'uri',
    outputs: [{ name: '', internalType: 'string', type: 'string' }],
    stateMutability: 'pure',
  },
] as const

//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// DevNFT
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

export const devNftAbi = [
  { type: 'constructor', inputs: [], stateMutability: 'nonpayable' },
  {
    type: 'error',
    inputs: [
      { name: 'sender', internalType: 'address', type: 'address' },
      { name: 'tokenId', internalType: 'uint256', type: 'uint256' },
      { name: 'owner', internalType: 'address', type: 'address' },
    ],
    name: 'ERC721IncorrectOwner',
  },
  {
    type: 'error',
    inputs: [
      { name: 'operator', internalType: 'address', type: 'address' },
      { name: 'tokenId', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'ERC721InsufficientApproval',
  },
  {
    type: 'error',
    inputs: [{ name: 'approver', internalType: 'address', type: 'address' }],
    name: 'ERC721InvalidApprover',
  },
  {
    type: 'error',
    inputs: [{ name: 'operator', internalType: 'address', type: 'address' }],
    name: 'ERC721InvalidOperator',
  },
  {
    type: 'error',
    inputs: [{ name: 'owner', internalType: 'address', type: 'address' }],
    name: 'ERC721InvalidOwner',
  },
  {
    type: 'error',
    inputs: [{ name: 'receiver', internalType: 'address', type: 'address' }],
    name: 'ERC721InvalidReceiver',
  },
  {
    type: 'error',
    inputs: [{ name: 'sender', internalType: 'address', type: 'address' }],
    name: 'ERC721InvalidSender',
  },
  {
    type: 'error',
    inputs: [{ name: 'tokenId', internalType: 'uint256', type: 'uint256' }],
    name: 'ERC721NonexistentToken',
  },
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
        name: 'owner',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      {
        name: 'approved',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      {
        name: 'tokenId',
        internalType: 'uint256',
        type: 'uint256',
        indexed: true,
      },
    ],
    name: 'Approval',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      {
        name: 'owner',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      {
        name: 'operator',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      { name: 'approved', internalType: 'bool', type: 'bool', indexed: false },
    ],
    name: 'ApprovalForAll',
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
      { name: 'from', internalType: 'address', type: 'address', indexed: true },
      { name: 'to', internalType: 'address', type: 'address', indexed: true },
      {
        name: 'tokenId',
        internalType: 'uint256',
        type: 'uint256',
        indexed: true,
      },
    ],
    name: 'Transfer',
  },
  {
    type: 'function',
    inputs: [
      { name: 'to', internalType: 'address', type: 'address' },
      { name: 'tokenId', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'approve',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [{ name: 'owner', internalType: 'address', type: 'address' }],
    name: 'balanceOf',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'tokenId', internalType: 'uint256', type: 'uint256' }],
    name: 'getApproved',
    outputs: [{ name: '', internalType: 'address', type: 'address' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'owner', internalType: 'address', type: 'address' },
      { name: 'operator', internalType: 'address', type: 'address' },
    ],
    name: 'isApprovedForAll',
    outputs: [{ name: '', internalType: 'bool', type: 'bool' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'to', internalType: 'address', type: 'address' }],
    name: 'mint',
    outputs: [{ name: 'tokenId', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [],
    name: 'name',
    outputs: [{ name: '', internalType: 'string', type: 'string' }],
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
    inputs: [{ name: 'tokenId', internalType: 'uint256', type: 'uint256' }],
    name: 'ownerOf',
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
    inputs: [
      { name: 'from', internalType: 'address', type: 'address' },
      { name: 'to', internalType: 'address', type: 'address' },
      { name: 'tokenId', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'safeTransferFrom',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [
      { name: 'from', internalType: 'address', type: 'address' },
      { name: 'to', internalType: 'address', type: 'address' },
      { name: 'tokenId', internalType: 'uint256', type: 'uint256' },
      { name: 'data', internalType: 'bytes', type: 'bytes' },
    ],
    name: 'safeTransferFrom',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [
      { name: 'operator', internalType: 'address', type: 'address' },
      { name: 'approved', internalType: 'bool', type: 'bool' },
    ],
    name: 'setApprovalForAll',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [{ name: 'interfaceId', internalType: 'bytes4', type: 'bytes4' }],
    name: 'supportsInterface',
    outputs: [{ name: '', internalType: 'bool', type: 'bool' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'symbol',
    outputs: [{ name: '', internalType: 'string', type: 'string' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'tokenId', internalType: 'uint256', type: 'uint256' }],
    name: 'tokenURI',
    outputs: [{ name: '', internalType: 'string', type: 'string' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'totalMinted',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'from', internalType: 'address', type: 'address' },
      { name: 'to', internalType: 'address', type: 'address' },
      { name: 'tokenId', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'transferFrom',
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
] as const

//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// GasBurner
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

export const gasBurnerAbi = [
  {
    type: 'function',
    inputs: [{ name: 'amount', internalType: 'uint256', type: 'uint256' }],
    name: 'burn',
    outputs: [],
    stateMutability: 'view',
  },
] as const

//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// LendingPool
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

export const lendingPoolAbi = [
  {
    type: 'constructor',
    inputs: [
      {
        name: 'oracle_',
        internalType: 'contract PriceOracle',
        type: 'address',
      },
    ],
    stateMutability: 'nonpayable',
  },
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
  { type: 'error', inputs: [], name: 'ReentrancyGuardReentrantCall' },
  {
    type: 'error',
    inputs: [{ name: 'token', internalType: 'address', type: 'address' }],
    name: 'SafeERC20FailedOperation',
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
        name: 'decimals',
        internalType: 'uint8',
        type: 'uint8',
        indexed: false,
      },
    ],
    name: 'AssetListed',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'user', internalType: 'address', type: 'address', indexed: true },
      {
        name: 'token',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      {
        name: 'amount',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
    ],
    name: 'Borrow',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'user', internalType: 'address', type: 'address', indexed: true },
      {
        name: 'token',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      {
        name: 'amount',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
    ],
    name: 'Deposit',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      {
        name: 'liquidator',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      {
        name: 'borrower',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      {
        name: 'debtToken',
        internalType: 'address',
        type: 'address',
        indexed: false,
      },
      {
        name: 'repayAmount',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
      {
        name: 'collateralToken',
        internalType: 'address',
        type: 'address',
        indexed: false,
      },
      {
        name: 'seizedAmount',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
    ],
    name: 'Liquidation',
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
        name: 'amount',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
    ],
    name: 'LiquidityAdded',
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
        name: 'amount',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
      { name: 'to', internalType: 'address', type: 'address', indexed: true },
    ],
    name: 'LiquidityRemoved',
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
      { name: 'user', internalType: 'address', type: 'address', indexed: true },
      {
        name: 'token',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      {
        name: 'amount',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
    ],
    name: 'Repay',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'user', internalType: 'address', type: 'address', indexed: true },
      {
        name: 'token',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      {
        name: 'amount',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
    ],
    name: 'Withdraw',
  },
  {
    type: 'function',
    inputs: [],
    name: 'CLOSE_FACTOR_BPS',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'ETH',
    outputs: [{ name: '', internalType: 'address', type: 'address' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'LIQUIDATION_BONUS_BPS',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'LIQUIDATION_THRESHOLD_BPS',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'LOAN_TO_VALUE_BPS',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'MAX_ASSETS',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'user', internalType: 'address', type: 'address' }],
    name: 'accountData',
    outputs: [
      { name: 'collateralUSD', internalType: 'uint256', type: 'uint256' },
      { name: 'debtUSD', internalType: 'uint256', type: 'uint256' },
      { name: 'healthFactor_', internalType: 'uint256', type: 'uint256' },
      { name: 'borrowableUSD', internalType: 'uint256', type: 'uint256' },
    ],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'token', internalType: 'address', type: 'address' },
      { name: 'amount', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'addLiquidity',
    outputs: [],
    stateMutability: 'payable',
  },
  {
    type: 'function',
    inputs: [
      { name: 'token', internalType: 'address', type: 'address' },
      { name: 'amount', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'borrow',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [
      { name: 'user', internalType: 'address', type: 'address' },
      { name: 'token', internalType: 'address', type: 'address' },
    ],
    name: 'collateralOf',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'user', internalType: 'address', type: 'address' },
      { name: 'token', internalType: 'address', type: 'address' },
    ],
    name: 'debtOf',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'token', internalType: 'address', type: 'address' },
      { name: 'amount', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'deposit',
    outputs: [],
    stateMutability: 'payable',
  },
  {
    type: 'function',
    inputs: [{ name: 'user', internalType: 'address', type: 'address' }],
    name: 'healthFactor',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'token', internalType: 'address', type: 'address' }],
    name: 'isListed',
    outputs: [{ name: '', internalType: 'bool', type: 'bool' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'borrower', internalType: 'address', type: 'address' },
      { name: 'debtToken', internalType: 'address', type: 'address' },
      { name: 'repayAmount', internalType: 'uint256', type: 'uint256' },
      { name: 'collateralToken', internalType: 'address', type: 'address' },
    ],
    name: 'liquidate',
    outputs: [],
    stateMutability: 'payable',
  },
  {
    type: 'function',
    inputs: [{ name: 'token', internalType: 'address', type: 'address' }],
    name: 'liquidityOf',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'token', internalType: 'address', type: 'address' }],
    name: 'listAsset',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [],
    name: 'listedAssets',
    outputs: [{ name: '', internalType: 'address[]', type: 'address[]' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'oracle',
    outputs: [
      { name: '', internalType: 'contract PriceOracle', type: 'address' },
    ],
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
    inputs: [
      { name: 'borrower', internalType: 'address', type: 'address' },
      { name: 'debtToken', internalType: 'address', type: 'address' },
      { name: 'repayAmount', internalType: 'uint256', type: 'uint256' },
      { name: 'collateralToken', internalType: 'address', type: 'address' },
    ],
    name: 'previewLiquidation',
    outputs: [
      { name: 'healthFactor_', internalType: 'uint256', type: 'uint256' },
      { name: 'liquidatable', internalType: 'bool', type: 'bool' },
      { name: 'maxRepayAmount', internalType: 'uint256', type: 'uint256' },
      { name: 'seizeAmount', internalType: 'uint256', type: 'uint256' },
    ],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'token', internalType: 'address', type: 'address' },
      { name: 'amount', internalType: 'uint256', type: 'uint256' },
      { name: 'to', internalType: 'address', type: 'address' },
    ],
    name: 'removeLiquidity',
    outputs: [],
    stateMutability: 'nonpayable',
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
    inputs: [
      { name: 'token', internalType: 'address', type: 'address' },
      { name: 'amount', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'repay',
    outputs: [],
    stateMutability: 'payable',
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
      { name: 'amount', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'withdraw',
    outputs: [],
    stateMutability: 'nonpayable',
  },
] as const

//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// PriceFeedAdapter
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

export const priceFeedAdapterAbi = [
  {
    type: 'constructor',
    inputs: [
      {
        name: 'oracle_',
        internalType: 'contract PriceOracle',
        type: 'address',
      },
      { name: 'token_', internalType: 'address', type: 'address' },
      { name: 'description_', internalType: 'string', type: 'string' },
    ],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [],
    name: 'decimals',
    outputs: [{ name: '', internalType: 'uint8', type: 'uint8' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'description',
    outputs: [{ name: '', internalType: 'string', type: 'string' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'roundId', internalType: 'uint80', type: 'uint80' }],
    name: 'getRoundData',
    outputs: [
      { name: 'roundId_', internalType: 'uint80', type: 'uint80' },
      { name: 'answer', internalType: 'int256', type: 'int256' },
      { name: 'startedAt', internalType: 'uint256', type: 'uint256' },
      { name: 'updatedAt', internalType: 'uint256', type: 'uint256' },
      { name: 'answeredInRound', internalType: 'uint80', type: 'uint80' },
    ],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'latestRoundData',
    outputs: [
      { name: 'roundId', internalType: 'uint80', type: 'uint80' },
      { name: 'answer', internalType: 'int256', type: 'int256' },
      { name: 'startedAt', internalType: 'uint256', type: 'uint256' },
      { name: 'updatedAt', internalType: 'uint256', type: 'uint256' },
      { name: 'answeredInRound', internalType: 'uint80', type: 'uint80' },
    ],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'oracle',
    outputs: [
      { name: '', internalType: 'contract PriceOracle', type: 'address' },
    ],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'token',
    outputs: [{ name: '', internalType: 'address', type: 'address' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'version',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
] as const

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
        name: 'token',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      {
        name: 'heartbeat',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
    ],
    name: 'HeartbeatUpdated',
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
    type: 'event',
    anonymous: false,
    inputs: [
      {
        name: 'account',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
    ],
    name: 'UpdaterGranted',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      {
        name: 'account',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
    ],
    name: 'UpdaterRevoked',
  },
  {
    type: 'function',
    inputs: [],
    name: 'DEFAULT_HEARTBEAT',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
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
    inputs: [{ name: 'token', internalType: 'address', type: 'address' }],
    name: 'getPriceInfo',
    outputs: [
      { name: 'price', internalType: 'uint256', type: 'uint256' },
      { name: 'timestamp', internalType: 'uint256', type: 'uint256' },
      { name: 'isStale', internalType: 'bool', type: 'bool' },
    ],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'tokens', internalType: 'address[]', type: 'address[]' }],
    name: 'getPrices',
    outputs: [{ name: 'prices', internalType: 'uint256[]', type: 'uint256[]' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'token', internalType: 'address', type: 'address' },
      { name: 'round', internalType: 'uint64', type: 'uint64' },
    ],
    name: 'getRound',
    outputs: [
      { name: 'price', internalType: 'uint256', type: 'uint256' },
      { name: 'updatedAt', internalType: 'uint256', type: 'uint256' },
    ],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'account', internalType: 'address', type: 'address' }],
    name: 'grantUpdater',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [{ name: 'token', internalType: 'address', type: 'address' }],
    name: 'heartbeatOf',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'account', internalType: 'address', type: 'address' }],
    name: 'isUpdater',
    outputs: [{ name: '', internalType: 'bool', type: 'bool' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'token', internalType: 'address', type: 'address' }],
    name: 'latestRound',
    outputs: [
      { name: 'round', internalType: 'uint64', type: 'uint64' },
      { name: 'price', internalType: 'uint256', type: 'uint256' },
      { name: 'updatedAt', internalType: 'uint256', type: 'uint256' },
    ],
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
    inputs: [{ name: 'account', internalType: 'address', type: 'address' }],
    name: 'revokeUpdater',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [
      { name: 'token', internalType: 'address', type: 'address' },
      { name: 'heartbeat', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'setHeartbeat',
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
  {
    type: 'function',
    inputs: [
      { name: 'tokens', internalType: 'address[]', type: 'address[]' },
      { name: 'prices', internalType: 'uint256[]', type: 'uint256[]' },
    ],
    name: 'updatePrices',
    outputs: [],
    stateMutability: 'nonpayable',
  },
] as const

//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// SetCodeDelegate
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

export const setCodeDelegateAbi = [
  {
    type: 'event',
    anonymous: false,
    inputs: [
      {
        name: 'account',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      {
        name: 'pings',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
    ],
    name: 'Pinged',
  },
  {
    type: 'function',
    inputs: [],
    name: 'ping',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [],
    name: 'pings',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
] as const

//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// StorageSpam
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

export const storageSpamAbi = [
  {
    type: 'event',
    anonymous: false,
    inputs: [
      {
        name: 'first',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
      {
        name: 'count',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
    ],
    name: 'Written',
  },
  {
    type: 'function',
    inputs: [{ name: 'index', internalType: 'uint256', type: 'uint256' }],
    name: 'slots',
    outputs: [{ name: 'value', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'count', internalType: 'uint256', type: 'uint256' }],
    name: 'write',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [],
    name: 'written',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
] as const

//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// TestToken
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

export const testTokenAbi = [
  {
    type: 'constructor',
    inputs: [
      { name: 'name_', internalType: 'string', type: 'string' },
      { name: 'symbol_', internalType: 'string', type: 'string' },
      { name: 'decimals_', internalType: 'uint8', type: 'uint8' },
      { name: 'initialSupply', internalType: 'uint256', type: 'uint256' },
    ],
    stateMutability: 'nonpayable',
  },
  {
    type: 'error',
    inputs: [
      { name: 'spender', internalType: 'address', type: 'address' },
      { name: 'allowance', internalType: 'uint256', type: 'uint256' },
      { name: 'needed', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'ERC20InsufficientAllowance',
  },
  {
    type: 'error',
    inputs: [
      { name: 'sender', internalType: 'address', type: 'address' },
      { name: 'balance', internalType: 'uint256', type: 'uint256' },
      { name: 'needed', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'ERC20InsufficientBalance',
  },
  {
    type: 'error',
    inputs: [{ name: 'approver', internalType: 'address', type: 'address' }],
    name: 'ERC20InvalidApprover',
  },
  {
    type: 'error',
    inputs: [{ name: 'receiver', internalType: 'address', type: 'address' }],
    name: 'ERC20InvalidReceiver',
  },
  {
    type: 'error',
    inputs: [{ name: 'sender', internalType: 'address', type: 'address' }],
    name: 'ERC20InvalidSender',
  },
  {
    type: 'error',
    inputs: [{ name: 'spender', internalType: 'address', type: 'address' }],
    name: 'ERC20InvalidSpender',
  },
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
        name: 'owner',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      {
        name: 'spender',
        internalType: 'address',
        type: 'address',
        indexed: true,
      },
      {
        name: 'value',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
    ],
    name: 'Approval',
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
      { name: 'from', internalType: 'address', type: 'address', indexed: true },
      { name: 'to', internalType: 'address', type: 'address', indexed: true },
      {
        name: 'value',
        internalType: 'uint256',
        type: 'uint256',
        indexed: false,
      },
    ],
    name: 'Transfer',
  },
  {
    type: 'function',
    inputs: [
      { name: 'owner', internalType: 'address', type: 'address' },
      { name: 'spender', internalType: 'address', type: 'address' },
    ],
    name: 'allowance',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'spender', internalType: 'address', type: 'address' },
      { name: 'value', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'approve',
    outputs: [{ name: '', internalType: 'bool', type: 'bool' }],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [{ name: 'account', internalType: 'address', type: 'address' }],
    name: 'balanceOf',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'decimals',
    outputs: [{ name: '', internalType: 'uint8', type: 'uint8' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'to', internalType: 'address', type: 'address' },
      { name: 'amount', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'mint',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [],
    name: 'name',
    outputs: [{ name: '', internalType: 'string', type: 'string' }],
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
    inputs: [],
    name: 'symbol',
    outputs: [{ name: '', internalType: 'string', type: 'string' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'totalSupply',
    outputs: [{ name: '', internalType: 'uint256', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'to', internalType: 'address', type: 'address' },
      { name: 'value', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'transfer',
    outputs: [{ name: '', internalType: 'bool', type: 'bool' }],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [
      { name: 'from', internalType: 'address', type: 'address' },
      { name: 'to', internalType: 'address', type: 'address' },
      { name: 'value', internalType: 'uint256', type: 'uint256' },
    ],
    name: 'transferFrom',
    outputs: [{ name: '', internalType: 'bool', type: 'bool' }],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [{ name: 'newOwner', internalType: 'address', type: 'address' }],
    name: 'transferOwnership',
    outputs: [],
    stateMutability: 'nonpayable',
  },
] as const

//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// Hardhat bytecode
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

/** Creation bytecode of DeployTarget. */
export const deployTargetBytecode =
  '0x60a060405260405161010c38038061010c8339810160408190526020916031565b336080528015602c5733ff5b506055565b5f602082840312156040575f5ffd5b81518015158114604e575f5ffd5b9392505050565b60805160a261006a5f395f602e015260a25ff3fe6080604052348015600e575f5ffd5b50600436106026575f3560e01c8063d5f3948814602a575b5f5ffd5b60507f000000000000000000000000000000000000000000000000000000000000000081565b6040516001600160a01b03909116815260200160405180910390f3fea26469706673582212206dc60ecad920c1ef2017cce707cd74317a0fd35e7d8842d1dd83c37e2120a26e64736f6c634300081c0033' as const

/** Creation bytecode of DevMultiToken. */
export const devMultiTokenBytecode =
  '0x608060405234801561000f575f5ffd5b5060408051602081019091525f8152339061002981610066565b506001600160a01b03811661005757604051631e4fbdf760e01b81525f600482015260240160405180910390fd5b61006081610076565b50610219565b6002610072828261015f565b5050565b600580546001600160a01b038381166001600160a01b0319831681179093556040519116919082907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a35050565b634e487b7160e01b5f52604160045260245ffd5b600181811c908216806100ef57607f821691505b60208210810361010d57634e487b7160e01b5f52602260045260245ffd5b50919050565b601f82111561015a57805f5260205f20601f840160051c810160208510156101385750805b601f840160051c820191505b81811015610157575f8155600101610144565b50505b505050565b81516001600160401b03811115610178576101786100c7565b61018c8161018684546100db565b84610113565b6020601f8211600181146101be575f83156101a75750848201515b5f19600385901b1c1916600184901b178455610157565b5f84815260208120601f198516915b828110156101ed57878501518255602094850194600190920191016101cd565b508482101561020a57868401515f19600387901b60f8161c191681555b50505050600190811b01905550565b6115c1806102265f395ff3fe608060405234801561000f575f5ffd5b50600436106100ef575f3560e01c8063715018a611610093578063d81d0a1511610063578063d81d0a151461020f578063e985e9c514610222578063f242432a1461025d578063f2fde38b14610270575f5ffd5b8063715018a6146101ba5780638da5cb5b146101c2578063a22cb465146101dd578063bd85b039146101f0575f5ffd5b806318160ddd116100ce57806318160ddd1461015c5780632eb2c2d6146101645780634e1273f4146101795780634f558e7914610199575f5ffd5b8062fdd58e146100f357806301ffc9a7146101195780630e89341c1461013c575b5f5ffd5b610106610101366004610ec5565b610283565b6040519081526020015b60405180910390f35b61012c610127366004610f02565b6102aa565b6040519015158152602001610110565b61014f61014a366004610f24565b6102f9565b6040516101109190610f69565b600454610106565b6101776101723660046110b6565b61032a565b005b61018c610187366004611162565b610349565b604051610110919061125d565b61012c6101a7366004610f24565b5f90815260036020526040902054151590565b610177610418565b6005546040516001600160a01b039091168152602001610110565b6101776101eb36600461126f565b61042b565b6101066101fe366004610f24565b5f9081526003602052604090205490565b61017761021d3660046112ef565b61043a565b61012c61023036600461136d565b6001600160a01b039182165f90815260016020908152604080832093909416825291909152205460ff1690565b61017761026b36600461139e565b6104bc565b61017761027e3660046113f1565b6104d2565b5f818152602081815260408083206001600160a01b03861684529091529020545b92915050565b5f6001600160e01b03198216636cdb3d1360e11b14806102da57506001600160e01b031982166303a24d0760e21b145b806102a457506301ffc9a760e01b6001600160e01b03198316146102a4565b60606103048261050f565b604051602001610314919061140a565b6040516020818303038152906040529050919050565b610335335b8661059e565b6103428585858585610616565b5050505050565b6060815183511461037f5781518351604051635b05999160e01b8152600481019290925260248201526044015b60405180910390fd5b5f83516001600160401b0381111561039957610399610f7b565b6040519080825280602002602001820160405280156103c2578160200160208202803683370190505b5090505f5b8451811015610410576020808202860101516103eb90602080840287010151610283565b8282815181106103fd576103fd61146f565b60209081029190910101526001016103c7565b509392505050565b610420610676565b6104295f6106a3565b565b6104363383836106f4565b5050565b610442610676565b610342858585808060200260200160405190810160405280939291908181526020018383602002808284375f92019190915250506040805160208089028281018201909352888252909350889250879182918501908490808284375f920182905250604080516020810190915290815292506107b1915050565b6104c53361032f565b61034285858585856107ef565b6104da610676565b6001600160a01b03811661050357604051631e4fbdf760e01b81525f6004820152602401610376565b61050c816106a3565b50565b60605f61051b8361087c565b60010190505f816001600160401b0381111561053957610539610f7b565b6040519080825280601f01601f191660200182016040528015610563576020820181803683370190505b5090508181016020015b5f19016f181899199a1a9b1b9c1cb0b131b232b360811b600a86061a8153600a850494508461056d57509392505050565b816001600160a01b0316816001600160a01b0316141580156105e557506001600160a01b038082165f9081526001602090815260408083209386168352929052205460ff16155b156104365760405163711bec9160e11b81526001600160a01b03808416600483015282166024820152604401610376565b6001600160a01b03841661063f57604051632bfa23e760e11b81525f6004820152602401610376565b6001600160a01b03851661066757604051626a0d4560e21b81525f6004820152602401610376565b61034285858585856001610953565b6005546001600160a01b031633146104295760405163118cdaa760e01b8152336004820152602401610376565b600580546001600160a01b038381166001600160a01b0319831681179093556040519116919082907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a35050565b6001600160a01b03831661071d57604051631f18c42760e11b81525f6004820152602401610376565b6001600160a01b0382166107455760405162ced3e160e81b81525f6004820152602401610376565b6001600160a01b038381165f81815260016020908152604080832094871680845294825291829020805460ff191686151590811790915591519182527f17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31910160405180910390a3505050565b6001600160a01b0384166107da57604051632bfa23e760e11b81525f6004820152602401610376565b6107e95f858585856001610953565b50505050565b6001600160a01b03841661081857604051632bfa23e760e11b81525f6004820152602401610376565b6001600160a01b03851661084057604051626a0d4560e21b81525f6004820152602401610376565b6040805160018082526020820186905281830190815260608201859052608082019092529061087387878484875f610953565b50505050505050565b5f8072184f03e93ff9f4daa797ed6e38ed64bf6a1f0160401b83106108ba5772184f03e93ff9f4daa797ed6e38ed64bf6a1f0160401b830492506040015b6d04ee2d6d415b85acef810000000083106108e6576d04ee2d6d415b85acef8100000000830492506020015b662386f26fc10000831061090457662386f26fc10000830492506010015b6305f5e100831061091c576305f5e100830492506008015b612710831061093057612710830492506004015b60648310610942576064830492506002015b600a83106102a45760010192915050565b61095f868686866109ac565b6001600160a01b038516156109a45733811561098857610983818888888888610a93565b610873565b602085810151908501516109a0838a8a85858a610bb4565b5050505b505050505050565b6109b884848484610c9b565b6001600160a01b038416610a35575f805b8351811015610a1c5760208181028481018201519086018201515f908152600390925260408220805491928392610a01908490611483565b90915550610a1190508184611483565b9250506001016109c9565b508060045f828254610a2e9190611483565b9091555050505b6001600160a01b0383166107e9575f805b8351811015610a825760208181028481018201519086018201515f90815260039092526040909120805482900390559190910190600101610a46565b506004805491909103905550505050565b6001600160a01b0384163b156109a45760405163bc197c8160e01b81526001600160a01b0385169063bc197c8190610ad790899089908890889088906004016114a2565b6020604051808303815f875af1925050508015610b11575060408051601f3d908101601f19168201909252610b0e918101906114ff565b60015b610b78573d808015610b3e576040519150601f19603f3d011682016040523d82523d5f602084013e610b43565b606091505b5080515f03610b7057604051632bfa23e760e11b81526001600160a01b0386166004820152602401610376565b805160208201fd5b6001600160e01b0319811663bc197c8160e01b1461087357604051632bfa23e760e11b81526001600160a01b0386166004820152602401610376565b6001600160a01b0384163b156109a45760405163f23a6e6160e01b81526001600160a01b0385169063f23a6e6190610bf8908990899088908890889060040161151a565b6020604051808303815f875af1925050508015610c32575060408051601f3d908101601f19168201909252610c2f918101906114ff565b60015b610c5f573d808015610b3e576040519150601f19603f3d011682016040523d82523d5f602084013e610b43565b6001600160e01b0319811663f23a6e6160e01b1461087357604051632bfa23e760e11b81526001600160a01b0386166004820152602401610376565b8051825114610cca5781518151604051635b05999160e01b815260048101929092526024820152604401610376565b335f5b8351811015610dcc576020818102858101820151908501909101516001600160a01b03881615610d7e575f828152602081815260408083206001600160a01b038c16845290915290205481811015610d58576040516303dee4c560e01b81526001600160a01b038a166004820152602481018290526044810183905260648101849052608401610376565b5f838152602081815260408083206001600160a01b038d16845290915290209082900390555b6001600160a01b03871615610dc2575f828152602081815260408083206001600160a01b038b16845290915281208054839290610dbc908490611483565b90915550505b5050600101610ccd565b508251600103610e4c5760208301515f906020840151909150856001600160a01b0316876001600160a01b0316846001600160a01b03167fc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f628585604051610e3d929190918252602082015260400190565b60405180910390a45050610342565b836001600160a01b0316856001600160a01b0316826001600160a01b03167f4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb8686604051610e9b92919061155e565b60405180910390a45050505050565b80356001600160a01b0381168114610ec0575f5ffd5b919050565b5f5f60408385031215610ed6575f5ffd5b610edf83610eaa565b946020939093013593505050565b6001600160e01b03198116811461050c575f5ffd5b5f60208284031215610f12575f5ffd5b8135610f1d81610eed565b9392505050565b5f60208284031215610f34575f5ffd5b5035919050565b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b602081525f610f1d6020830184610f3b565b634e487b7160e01b5f52604160045260245ffd5b604051601f8201601f191681016001600160401b0381118282101715610fb757610fb7610f7b565b604052919050565b5f6001600160401b03821115610fd757610fd7610f7b565b5060051b60200190565b5f82601f830112610ff0575f5ffd5b8135611003610ffe82610fbf565b610f8f565b8082825260208201915060208360051b860101925085831115611024575f5ffd5b602085015b83811015611041578035835260209283019201611029565b5095945050505050565b5f82601f83011261105a575f5ffd5b81356001600160401b0381111561107357611073610f7b565b611086601f8201601f1916602001610f8f565b81815284602083860101111561109a575f5ffd5b816020850160208301375f918101602001919091529392505050565b5f5f5f5f5f60a086880312156110ca575f5ffd5b6110d386610eaa565b94506110e160208701610eaa565b935060408601356001600160401b038111156110fb575f5ffd5b61110788828901610fe1565b93505060608601356001600160401b03811115611122575f5ffd5b61112e88828901610fe1565b92505060808601356001600160401b03811115611149575f5ffd5b6111558882890161104b565b9150509295509295909350565b5f5f60408385031215611173575f5ffd5b82356001600160401b03811115611188575f5ffd5b8301601f81018513611198575f5ffd5b80356111a6610ffe82610fbf565b8082825260208201915060208360051b8501019250878311156111c7575f5ffd5b6020840193505b828410156111f0576111df84610eaa565b8252602093840193909101906111ce565b945050505060208301356001600160401b0381111561120d575f5ffd5b61121985828601610fe1565b9150509250929050565b5f8151808452602084019350602083015f5b82811015611253578151865260209586019590910190600101611235565b5093949350505050565b602081525f610f1d6020830184611223565b5f5f60408385031215611280575f5ffd5b61128983610eaa565b91506020830135801515811461129d575f5ffd5b809150509250929050565b5f5f83601f8401126112b8575f5ffd5b5081356001600160401b038111156112ce575f5ffd5b6020830191508360208260051b85010111156112e8575f5ffd5b9250929050565b5f5f5f5f5f60608688031215611303575f5ffd5b61130c86610eaa565b945060208601356001600160401b03811115611326575f5ffd5b611332888289016112a8565b90955093505060408601356001600160401b03811115611350575f5ffd5b61135c888289016112a8565b969995985093965092949392505050565b5f5f6040838503121561137e575f5ffd5b61138783610eaa565b915061139560208401610eaa565b90509250929050565b5f5f5f5f5f60a086880312156113b2575f5ffd5b6113bb86610eaa565b94506113c960208701610eaa565b9350604086013592506060860135915060808601356001600160401b03811115611149575f5ffd5b5f60208284031215611401575f5ffd5b610f1d82610eaa565b7f646174613a6170706c69636174696f6e2f6a736f6e3b757466382c7b226e616d81527265223a224465764d756c7469546f6b656e202360681b60208201525f82518060208501603385015e61227d60f01b6033939091019283015250603501919050565b634e487b7160e01b5f52603260045260245ffd5b808201808211156102a457634e487b7160e01b5f52601160045260245ffd5b6001600160a01b0386811682528516602082015260a0604082018190525f906114cd90830186611223565b82810360608401526114df8186611223565b905082810360808401526114f38185610f3b565b98975050505050505050565b5f6020828403121561150f575f5ffd5b8151610f1d81610eed565b6001600160a01b03868116825285166020820152604081018490526060810183905260a0608082018190525f9061155390830184610f3b565b979650505050505050565b604081525f6115706040830185611223565b82810360208401526115828185611223565b9594505050505056fea2646970667358221220baf5b4c5339068c4828c4a6e15d4e0a57e4d5c45b5e9e158a8dae24e1f16502d64736f6c634300081c0033' as const

/** Storage layout of DevMultiToken (solc's `storageLayout`): its variables by slot. */
export const devMultiTokenStorageLayout = {
  storage: [
    {
      label: '_balances',
      offset: 0,
      slot: '0',
      type: 't_mapping(t_uint256,t_mapping(t_address,t_uint256))',
    },
    {
      label: '_operatorApprovals',
      offset: 0,
      slot: '1',
      type: 't_mapping(t_address,t_mapping(t_address,t_bool))',
    },
    { label: '_uri', offset: 0, slot: '2', type: 't_string_storage' },
    {
      label: '_totalSupply',
      offset: 0,
      slot: '3',
      type: 't_mapping(t_uint256,t_uint256)',
    },
    { label: '_totalSupplyAll', offset: 0, slot: '4', type: 't_uint256' },
    { label: '_owner', offset: 0, slot: '5', type: 't_address' },
  ],
  types: {
    t_address: { encoding: 'inplace', label: 'address', numberOfBytes: '20' },
    t_bool: { encoding: 'inplace', label: 'bool', numberOfBytes: '1' },
    't_mapping(t_address,t_bool)': {
      encoding: 'mapping',
      key: 't_address',
      label: 'mapping(address => bool)',
      numberOfBytes: '32',
      value: 't_bool',
    },
    't_mapping(t_address,t_mapping(t_address,t_bool))': {
      encoding: 'mapping',
      key: 't_address',
      label: 'mapping(address => mapping(address => bool))',
      numberOfBytes: '32',
      value: 't_mapping(t_address,t_bool)',
    },
    't_mapping(t_address,t_uint256)': {
      encoding: 'mapping',
      key: 't_address',
      label: 'mapping(address => uint256)',
      numberOfBytes: '32',
      value: 't_uint256',
    },
    't_mapping(t_uint256,t_mapping(t_address,t_uint256))': {
      encoding: 'mapping',
      key: 't_uint256',
      label: 'mapping(uint256 => mapping(address => uint256))',
      numberOfBytes: '32',
      value: 't_mapping(t_address,t_uint256)',
    },
    't_mapping(t_uint256,t_uint256)': {
      encoding: 'mapping',
      key: 't_uint256',
      label: 'mapping(uint256 => uint256)',
      numberOfBytes: '32',
      value: 't_uint256',
    },
    t_string_storage: {
      encoding: 'bytes',
      label: 'string',
      numberOfBytes: '32',
    },
    t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' },
  },
} as const

/** Creation bytecode of DevNFT. */
export const devNftBytecode =
  '0x608060405234801561000f575f5ffd5b50336040518060400160405280600e81526020016d1c1c9a5d9b995d0811195d93919560921b8152506040518060400160405280600681526020016511115593919560d21b815250815f9081610065919061019a565b506001610072828261019a565b5050506001600160a01b0381166100a257604051631e4fbdf760e01b81525f600482015260240160405180910390fd5b6100ab816100b1565b50610254565b600680546001600160a01b038381166001600160a01b0319831681179093556040519116919082907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a35050565b634e487b7160e01b5f52604160045260245ffd5b600181811c9082168061012a57607f821691505b60208210810361014857634e487b7160e01b5f52602260045260245ffd5b50919050565b601f82111561019557805f5260205f20601f840160051c810160208510156101735750805b601f840160051c820191505b81811015610192575f815560010161017f565b50505b505050565b81516001600160401b038111156101b3576101b3610102565b6101c7816101c18454610116565b8461014e565b6020601f8211600181146101f9575f83156101e25750848201515b5f19600385901b1c1916600184901b178455610192565b5f84815260208120601f198516915b828110156102285787850151825560209485019460019092019101610208565b508482101561024557868401515f19600387901b60f8161c191681555b50505050600190811b01905550565b6117ba806102615f395ff3fe608060405234801561000f575f5ffd5b5060043610610111575f3560e01c8063715018a61161009e578063a2309ff81161006e578063a2309ff814610233578063b88d4fde1461023b578063c87b56dd1461024e578063e985e9c514610261578063f2fde38b14610274575f5ffd5b8063715018a6146101ff5780638da5cb5b1461020757806395d89b4114610218578063a22cb46514610220575f5ffd5b806323b872dd116100e457806323b872dd1461019257806342842e0e146101a55780636352211e146101b85780636a627842146101cb57806370a08231146101ec575f5ffd5b806301ffc9a71461011557806306fdde031461013d578063081812fc14610152578063095ea7b31461017d575b5f5ffd5b61012861012336600461105e565b610287565b60405190151581526020015b60405180910390f35b6101456102d8565b60405161013491906110ae565b6101656101603660046110c0565b610367565b6040516001600160a01b039091168152602001610134565b61019061018b3660046110ed565b61038e565b005b6101906101a0366004611115565b61039d565b6101906101b3366004611115565b61042b565b6101656101c63660046110c0565b61044a565b6101de6101d936600461114f565b610454565b604051908152602001610134565b6101de6101fa36600461114f565b610481565b6101906104c6565b6006546001600160a01b0316610165565b6101456104d9565b61019061022e366004611168565b6104e8565b6007546101de565b6101906102493660046111b5565b6104f3565b61014561025c3660046110c0565b61050b565b61012861026f366004611292565b6105bb565b61019061028236600461114f565b6105e8565b5f6001600160e01b031982166380ac58cd60e01b14806102b757506001600160e01b03198216635b5e139f60e01b145b806102d257506301ffc9a760e01b6001600160e01b03198316145b92915050565b60605f80546102e6906112c3565b80601f0160208091040260200160405190810160405280929190818152602001828054610312906112c3565b801561035d5780601f106103345761010080835404028352916020019161035d565b820191905f5260205f20905b81548152906001019060200180831161034057829003601f168201915b5050505050905090565b5f61037182610625565b505f828152600460205260409020546001600160a01b03166102d2565b61039982823361065d565b5050565b6001600160a01b0382166103cb57604051633250574960e11b81525f60048201526024015b60405180910390fd5b5f6103d783833361066a565b9050836001600160a01b0316816001600160a01b031614610425576040516364283d7b60e01b81526001600160a01b03808616600483015260248201849052821660448201526064016103c2565b50505050565b61044583838360405180602001604052805f8152506104f3565b505050565b5f6102d282610625565b5f61045d61075c565b60075f815461046b9061130f565b9182905550905061047c8282610789565b919050565b5f6001600160a01b0382166104ab576040516322718ad960e21b81525f60048201526024016103c2565b506001600160a01b03165f9081526003602052604090205490565b6104ce61075c565b6104d75f6107a2565b565b6060600180546102e6906112c3565b6103993383836107f3565b6104fe84848461039d565b61042533858585856108ba565b606061051682610625565b505f61016861052684602f611327565b6105309190611352565b90505f61053c846109e2565b90505f61054885610a3a565b61055b610556878686610aca565b610ba3565b61056485610a3a565b84604051602001610578949392919061137c565b604051602081830303815290604052905061059281610ba3565b6040516020016105a291906114c8565b6040516020818303038152906040529350505050919050565b6001600160a01b039182165f90815260056020908152604080832093909416825291909152205460ff1690565b6105f061075c565b6001600160a01b03811661061957604051631e4fbdf760e01b81525f60048201526024016103c2565b610622816107a2565b50565b5f818152600260205260408120546001600160a01b0316806102d257604051637e27328960e01b8152600481018490526024016103c2565b6104458383836001610baf565b5f828152600260205260408120546001600160a01b039081169083161561069657610696818486610cb3565b6001600160a01b038116156106d0576106b15f855f5f610baf565b6001600160a01b0381165f90815260036020526040902080545f190190555b6001600160a01b038516156106fe576001600160a01b0385165f908152600360205260409020805460010190555b5f8481526002602052604080822080546001600160a01b0319166001600160a01b0389811691821790925591518793918516917fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef91a4949350505050565b6006546001600160a01b031633146104d75760405163118cdaa760e01b81523360048201526024016103c2565b610399828260405180602001604052805f815250610d17565b600680546001600160a01b038381166001600160a01b0319831681179093556040519116919082907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a35050565b6001600160a01b03831661081c5760405163a9fbf51f60e01b81525f60048201526024016103c2565b6001600160a01b03821661084e57604051630b61174360e31b81526001600160a01b03831660048201526024016103c2565b6001600160a01b038381165f81815260056020908152604080832094871680845294825291829020805460ff191686151590811790915591519182527f17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31910160405180910390a3505050565b6001600160a01b0383163b156109db57604051630a85bd0160e11b81526001600160a01b0384169063150b7a02906108fc9088908890879087906004016114f9565b6020604051808303815f875af1925050508015610936575060408051601f3d908101601f1916820190925261093391810190611535565b60015b61099d573d808015610963576040519150601f19603f3d011682016040523d82523d5f602084013e610968565b606091505b5080515f0361099557604051633250574960e11b81526001600160a01b03851660048201526024016103c2565b805160208201fd5b6001600160e01b03198116630a85bd0160e11b146109d957604051633250574960e11b81526001600160a01b03851660048201526024016103c2565b505b5050505050565b60606109ef600283611352565b15610a185760405180604001604052806006815260200165436972636c6560d01b8152506102d2565b505060408051808201909152600681526553717561726560d01b602082015290565b60605f610a4683610d2e565b60010190505f8167ffffffffffffffff811115610a6557610a656111a1565b6040519080825280601f01601f191660200182016040528015610a8f576020820181803683370190505b5090508181016020015b5f19016f181899199a1a9b1b9c1cb0b131b232b360811b600a86061a8153600a8504945084610a9957509392505050565b60605f610ad684610a3a565b604051602001610ae69190611550565b60405160208183030381529060405290505f7faaa9073f9d2b356fe21d5f182c5f5641f3e85d600b2e644df426a70e91972dad848051906020012014610b4b5781604051602001610b379190611581565b604051602081830303815290604052610b6c565b81604051602001610b5c91906115d6565b6040516020818303038152906040525b905080610b7887610a3a565b604051602001610b89929190611623565b604051602081830303815290604052925050509392505050565b60606102d2825f610e05565b8080610bc357506001600160a01b03821615155b15610c84575f610bd284610625565b90506001600160a01b03831615801590610bfe5750826001600160a01b0316816001600160a01b031614155b8015610c115750610c0f81846105bb565b155b15610c3a5760405163a9fbf51f60e01b81526001600160a01b03841660048201526024016103c2565b8115610c825783856001600160a01b0316826001600160a01b03167f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92560405160405180910390a45b505b50505f90815260046020526040902080546001600160a01b0319166001600160a01b0392909216919091179055565b610cbe838383610f84565b610445576001600160a01b038316610cec57604051637e27328960e01b8152600481018290526024016103c2565b60405163177e802f60e01b81526001600160a01b0383166004820152602481018290526044016103c2565b610d218383610fe8565b610445335f8585856108ba565b5f8072184f03e93ff9f4daa797ed6e38ed64bf6a1f0160401b8310610d6c5772184f03e93ff9f4daa797ed6e38ed64bf6a1f0160401b830492506040015b6d04ee2d6d415b85acef81000000008310610d98576d04ee2d6d415b85acef8100000000830492506020015b662386f26fc100008310610db657662386f26fc10000830492506010015b6305f5e1008310610dce576305f5e100830492506008015b6127108310610de257612710830492506004015b60648310610df4576064830492506002015b600a83106102d25760010192915050565b606082515f03610e23575060408051602081019091525f81526102d2565b5f82610e5357600384516002610e39919061175e565b610e439190611771565b610e4e906004611327565b610e78565b600384516004610e639190611327565b610e6e90600261175e565b610e789190611771565b905060405191507f4142434445464748494a4b4c4d4e4f505152535455565758595a616263646566601f5261067083027f6768696a6b6c6d6e6f707172737475767778797a303132333435363738392b2f18603f526020820181810185865187016020810180515f82525b82841015610f36576003840193508351603f8160121c16518753600187019650603f81600c1c16518753600187019650603f8160061c16518753600187019650603f811651875350600186019550610ee3565b905250859050610f7757600386510660018114610f5a5760028114610f6d57610f75565b603d6001840353603d6002840353610f75565b603d60018403535b505b9183525060405292915050565b5f6001600160a01b03831615801590610fe05750826001600160a01b0316846001600160a01b03161480610fbd5750610fbd84846105bb565b80610fe057505f828152600460205260409020546001600160a01b038481169116145b949350505050565b6001600160a01b03821661101157604051633250574960e11b81525f60048201526024016103c2565b5f61101d83835f61066a565b90506001600160a01b03811615610445576040516339e3563760e11b81525f60048201526024016103c2565b6001600160e01b031981168114610622575f5ffd5b5f6020828403121561106e575f5ffd5b813561107981611049565b9392505050565b5f81518084528060208401602086015e5f602082860101526020601f19601f83011685010191505092915050565b602081525f6110796020830184611080565b5f602082840312156110d0575f5ffd5b5035919050565b80356001600160a01b038116811461047c575f5ffd5b5f5f604083850312156110fe575f5ffd5b611107836110d7565b946020939093013593505050565b5f5f5f60608486031215611127575f5ffd5b611130846110d7565b925061113e602085016110d7565b929592945050506040919091013590565b5f6020828403121561115f575f5ffd5b611079826110d7565b5f5f60408385031215611179575f5ffd5b611182836110d7565b915060208301358015158114611196575f5ffd5b809150509250929050565b634e487b7160e01b5f52604160045260245ffd5b5f5f5f5f608085870312156111c8575f5ffd5b6111d1856110d7565b93506111df602086016110d7565b925060408501359150606085013567ffffffffffffffff811115611201575f5ffd5b8501601f81018713611211575f5ffd5b803567ffffffffffffffff81111561122b5761122b6111a1565b604051601f8201601f19908116603f0116810167ffffffffffffffff8111828210171561125a5761125a6111a1565b604052818152828201602001891015611271575f5ffd5b816020840160208301375f6020838301015280935050505092959194509250565b5f5f604083850312156112a3575f5ffd5b6112ac836110d7565b91506112ba602084016110d7565b90509250929050565b600181811c908216806112d757607f821691505b6020821081036112f557634e487b7160e01b5f52602260045260245ffd5b50919050565b634e487b7160e01b5f52601160045260245ffd5b5f60018201611320576113206112fb565b5060010190565b80820281158282048414176102d2576102d26112fb565b634e487b7160e01b5f52601260045260245ffd5b5f826113605761136061133e565b500690565b5f81518060208401855e5f93019283525090919050565b707b226e616d65223a224465764e4654202360781b81525f6113a16011830187611365565b7f222c226465736372697074696f6e223a224120707269766e657420646576656c81527f6f706d656e74204e46542077697468206f6e2d636861696e206d65746164617460208201527f612e222c22696d616765223a22646174613a696d6167652f7376672b786d6c3b60408201526618985cd94d8d0b60ca1b606082015261142d6067820187611365565b7f222c2261747472696275746573223a5b7b2274726169745f74797065223a224881526b3ab29116113b30b63ab2911d60a11b60208201529050611474602c820186611365565b7f7d2c7b2274726169745f74797065223a225368617065222c2276616c7565223a8152601160f91b602082015290506114b06021820185611365565b63227d5d7d60e01b8152600401979650505050505050565b7f646174613a6170706c69636174696f6e2f6a736f6e3b6261736536342c00000081525f611079601d830184611365565b6001600160a01b03858116825284166020820152604081018390526080606082018190525f9061152b90830184611080565b9695505050505050565b5f60208284031215611545575f5ffd5b815161107981611049565b630d0e6d8560e31b81525f6115686004830184611365565b682c3730252c3535252960b81b81526009019392505050565b7f3c636972636c652063783d22323030222063793d223230302220723d2231323081526711103334b6361e9160c11b60208201525f6115c36028830184611365565b6211179f60e91b81526003019392505050565b7f3c7265637420783d2239302220793d223930222077696474683d2232323022208152723432b4b3b43a1e9119191811103334b6361e9160691b60208201525f6115c36033830184611365565b7f3c73766720786d6c6e733d22687474703a2f2f7777772e77332e6f72672f323081527f30302f737667222076696577426f783d223020302034303020343030223e000060208201527f3c726563742077696474683d2234303022206865696768743d22343030222066603e8201526e34b6361e91119898989c191b91179f60891b605e8201525f6116b8606d830185611365565b7f3c7465787420783d223230302220793d223337302220666f6e742d66616d696c81527f793d226d6f6e6f73706163652220666f6e742d73697a653d223238222066696c60208201527f6c3d22236639666166622220746578742d616e63686f723d226d6964646c65226040820152613e2360f01b606082015261173f6062820185611365565b6c1e17ba32bc3a1f1e17b9bb339f60991b8152600d0195945050505050565b808201808211156102d2576102d26112fb565b5f8261177f5761177f61133e565b50049056fea26469706673582212203240dd7882b18767a8619ab25dfbcba9db67460abd87ca4c0c54da2f014e8d5764736f6c634300081c0033' as const

/** Storage layout of DevNFT (solc's `storageLayout`): its variables by slot. */
export const devNftStorageLayout = {
  storage: [
    { label: '_name', offset: 0, slot: '0', type: 't_string_storage' },
    { label: '_symbol', offset: 0, slot: '1', type: 't_string_storage' },
    {
      label: '_owners',
      offset: 0,
      slot: '2',
      type: 't_mapping(t_uint256,t_address)',
    },
    {
      label: '_balances',
      offset: 0,
      slot: '3',
      type: 't_mapping(t_address,t_uint256)',
    },
    {
      label: '_tokenApprovals',
      offset: 0,
      slot: '4',
      type: 't_mapping(t_uint256,t_address)',
    },
    {
      label: '_operatorApprovals',
      offset: 0,
      slot: '5',
      type: 't_mapping(t_address,t_mapping(t_address,t_bool))',
    },
    { label: '_owner', offset: 0, slot: '6', type: 't_address' },
    { label: '_minted', offset: 0, slot: '7', type: 't_uint256' },
  ],
  types: {
    t_address: { encoding: 'inplace', label: 'address', numberOfBytes: '20' },
    t_bool: { encoding: 'inplace', label: 'bool', numberOfBytes: '1' },
    't_mapping(t_address,t_bool)': {
      encoding: 'mapping',
      key: 't_address',
      label: 'mapping(address => bool)',
      numberOfBytes: '32',
      value: 't_bool',
    },
    't_mapping(t_address,t_mapping(t_address,t_bool))': {
      encoding: 'mapping',
      key: 't_address',
      label: 'mapping(address => mapping(address => bool))',
      numberOfBytes: '32',
      value: 't_mapping(t_address,t_bool)',
    },
    't_mapping(t_address,t_uint256)': {
      encoding: 'mapping',
      key: 't_address',
      label: 'mapping(address => uint256)',
      numberOfBytes: '32',
      value: 't_uint256',
    },
    't_mapping(t_uint256,t_address)': {
      encoding: 'mapping',
      key: 't_uint256',
      label: 'mapping(uint256 => address)',
      numberOfBytes: '32',
      value: 't_address',
    },
    t_string_storage: {
      encoding: 'bytes',
      label: 'string',
      numberOfBytes: '32',
    },
    t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' },
  },
} as const

/** Creation bytecode of GasBurner. */
export const gasBurnerBytecode =
  '0x6080604052348015600e575f5ffd5b5060c280601a5f395ff3fe6080604052348015600e575f5ffd5b50600436106026575f3560e01c806342966c6814602a575b5f5ffd5b603960353660046052565b603b565b005b5f5a90505b815a604a90836068565b106040575050565b5f602082840312156061575f5ffd5b5035919050565b81810381811115608657634e487b7160e01b5f52601160045260245ffd5b9291505056fea2646970667358221220169c6e966a62d916e18f75a56cfffd5c214c53ee94ce1d97884d3147167254b164736f6c634300081c0033' as const

/** Creation bytecode of LendingPool. */
export const lendingPoolBytecode =
  '0x60a060405234801561000f575f5ffd5b5060405161209b38038061209b83398101604081905261002e916100e1565b338061005357604051631e4fbdf760e01b81525f600482015260240160405180910390fd5b61005c81610092565b5060017f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f00556001600160a01b031660805261010e565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b5f602082840312156100f1575f5ffd5b81516001600160a01b0381168114610107575f5ffd5b9392505050565b608051611f676101345f395f8181610353015281816116a201526119820152611f675ff3fe60806040526004361061017b575f3560e01c8063715018a6116100cd578063cbab76b211610087578063ecd1dae611610062578063ecd1dae614610487578063f2fde38b1461049c578063f3fef3a3146104bb578063f794062e146104da575f5ffd5b8063cbab76b2146103ef578063d8b7575d14610404578063deb906e714610448575f5ffd5b8063715018a61461031a57806376b1d08f1461032e5780637dc0d1d0146103425780638322fff21461038d5780638da5cb5b146103b4578063c72b3d2e146103d0575f5ffd5b806348ddab64116101385780634c7b93e4116101135780634c7b93e4146102885780634fe422d0146102a957806356688700146102e85780636ad9f9df146102fb575f5ffd5b806348ddab64146102355780634b8a35291461024a5780634c4ab16914610269575f5ffd5b80630c6d5a581461017f57806322867d78146101a75780633c4750df146101bc5780633de2f6b2146101f057806347e7ef241461020357806347fdbc8e14610216575b5f5ffd5b34801561018a575f5ffd5b50610194611d4c81565b6040519081526020015b60405180910390f35b6101ba6101b5366004611bda565b610521565b005b3480156101c7575f5ffd5b506101946101d6366004611c02565b6001600160a01b03165f9081526004602052604090205490565b6101ba6101fe366004611c1b565b61071d565b6101ba610211366004611bda565b6109c5565b348015610221575f5ffd5b506101ba610230366004611c65565b610a8c565b348015610240575f5ffd5b5061019461138881565b348015610255575f5ffd5b506101ba610264366004611bda565b610bc5565b348015610274575f5ffd5b50610194610283366004611c9e565b610d7e565b348015610293575f5ffd5b5061029c610daa565b60405161019e9190611ccf565b3480156102b4575f5ffd5b506102c86102c3366004611c1b565b610e0a565b60408051948552921515602085015291830152606082015260800161019e565b6101ba6102f6366004611bda565b610e93565b348015610306575f5ffd5b50610194610315366004611c02565b610f3f565b348015610325575f5ffd5b506101ba610f75565b348015610339575f5ffd5b50610194601081565b34801561034d575f5ffd5b506103757f000000000000000000000000000000000000000000000000000000000000000081565b6040516001600160a01b03909116815260200161019e565b348015610398575f5ffd5b5061037573eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee81565b3480156103bf575f5ffd5b505f546001600160a01b0316610375565b3480156103db575f5ffd5b506101ba6103ea366004611c02565b610f88565b3480156103fa575f5ffd5b50610194611b5881565b34801561040f575f5ffd5b5061019461041e366004611c9e565b6001600160a01b039182165f90815260056020908152604080832093909416825291909152205490565b348015610453575f5ffd5b50610467610462366004611c02565b6111c8565b60408051948552602085019390935291830152606082015260800161019e565b348015610492575f5ffd5b506101946101f481565b3480156104a7575f5ffd5b506101ba6104b6366004611c02565b611239565b3480156104c6575f5ffd5b506101ba6104d5366004611bda565b611276565b3480156104e5575f5ffd5b506105116104f4366004611c02565b6001600160a01b03165f9081526002602052604090205460ff1690565b604051901515815260200161019e565b610529611422565b6105328261143d565b5f811161055a5760405162461bcd60e51b815260040161055190611d1a565b60405180910390fd5b335f9081526006602090815260408083206001600160a01b0386168452909152902054806105bd5760405162461bcd60e51b815260206004820152601060248201526f4e6f206465627420746f20726570617960801b6044820152606401610551565b5f8183106105cb57816105cd565b825b90506105d98183611d65565b335f9081526006602090815260408083206001600160a01b0389168452825280832093909355600490529081208054839290610616908490611d78565b90915550506040518181526001600160a01b0385169033907f05f2eeda0e08e4b437f487c8d7d29b14537d15e3488170dc3de5dbdf8dac46849060200160405180910390a373eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeed196001600160a01b038516016106f7578234146106c25760405162461bcd60e51b815260206004820152601060248201526f15dc9bdb99c811551208185b5bdd5b9d60821b6044820152606401610551565b808311156106f2576106f273eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee336106ed8487611d65565b611497565b610701565b6107018482611565565b505061071960015f516020611f125f395f51905f5255565b5050565b610725611422565b61072e8361143d565b6107378161143d565b5f82116107565760405162461bcd60e51b815260040161055190611d1a565b670de0b6b3a764000061076885610f3f565b106107b55760405162461bcd60e51b815260206004820152601960248201527f4865616c746820666163746f72206e6f742062656c6f772031000000000000006044820152606401610551565b6001600160a01b038085165f908152600660209081526040808320938716835292905220546107e661138882611d8b565b6107f261271085611d8b565b11156108405760405162461bcd60e51b815260206004820152601a60248201527f5265706179206578636565647320636c6f736520666163746f720000000000006044820152606401610551565b5f61084c858585611622565b6001600160a01b038088165f90815260056020908152604080832093881683529290522054909150808211156108c45760405162461bcd60e51b815260206004820181905260248201527f496e73756666696369656e7420636f6c6c61746572616c20746f207365697a656044820152606401610551565b6108ce8584611d65565b6001600160a01b038089165f908152600660209081526040808320938b1683529281528282209390935560049092528120805487929061090f908490611d78565b9091555061091f90508282611d65565b6001600160a01b038881165f8181526005602090815260408083208a861680855290835292819020959095558451938b16845283018990528284015260608201859052915133917fc1b8ea970fd0c4c9e249b1293ab20dbc2e2f1afdb3b507ae30186634863d7a56919081900360800190a361099b8686611565565b6109a6843384611497565b5050506109bf60015f516020611f125f395f51905f5255565b50505050565b6109cd611422565b6109d68261143d565b5f81116109f55760405162461bcd60e51b815260040161055190611d1a565b335f9081526005602090815260408083206001600160a01b038616845290915281208054839290610a27908490611d78565b90915550506040518181526001600160a01b0383169033907f5548c837ab068cf56a2c2479df0882a4922fd203edb7517321831d95078c5f629060200160405180910390a3610a768282611565565b61071960015f516020611f125f395f51905f5255565b610a94611725565b610a9c611422565b610aa58361143d565b5f8211610ac45760405162461bcd60e51b815260040161055190611d1a565b6001600160a01b0383165f90815260046020526040902054821115610b245760405162461bcd60e51b8152602060048201526016602482015275496e73756666696369656e74206c697175696469747960501b6044820152606401610551565b6001600160a01b0383165f9081526004602052604081208054849290610b4b908490611d65565b92505081905550806001600160a01b0316836001600160a01b03167f70516e69d9b3069ff3184583d867f7a832772e850ba89b554ae06ff752474f9e84604051610b9791815260200190565b60405180910390a3610baa838284611497565b610bc060015f516020611f125f395f51905f5255565b505050565b610bcd611422565b610bd68261143d565b5f8111610bf55760405162461bcd60e51b815260040161055190611d1a565b6001600160a01b0382165f90815260046020526040902054811115610c555760405162461bcd60e51b8152602060048201526016602482015275496e73756666696369656e74206c697175696469747960501b6044820152606401610551565b335f9081526006602090815260408083206001600160a01b038616845290915281208054839290610c87908490611d78565b90915550611b589050610c9933611751565b610ca39190611d8b565b612710610caf336117d2565b610cb99190611d8b565b1115610d075760405162461bcd60e51b815260206004820152601c60248201527f426f72726f772065786365656473206c6f616e2d746f2d76616c7565000000006044820152606401610551565b6001600160a01b0382165f9081526004602052604081208054839290610d2e908490611d65565b90915550506040518181526001600160a01b0383169033907f312a5e5e1079f5dda4e95dbbd0b908b291fd5b992ef22073643ab691572c5b529060200160405180910390a3610a76823383611497565b6001600160a01b038083165f908152600660209081526040808320938516835292905220545b92915050565b60606001805480602002602001604051908101604052809291908181526020018280548015610e0057602002820191905f5260205f20905b81546001600160a01b03168152600190910190602001808311610de2575b5050505050905090565b5f5f5f5f610e178761143d565b610e208561143d565b610e2988610f3f565b6001600160a01b03808a165f908152600660209081526040808320938c1683529290522054909450670de0b6b3a76400008510935061271090610e6f9061138890611d8b565b610e799190611db6565b9150610e86878787611622565b9050945094509450949050565b610e9b611725565b610ea3611422565b610eac8261143d565b5f8111610ecb5760405162461bcd60e51b815260040161055190611d1a565b6001600160a01b0382165f9081526004602052604081208054839290610ef2908490611d78565b90915550506040518181526001600160a01b038316907fc17cea59c2955cb181b03393209566960365771dbba9dc3d510180e7cb3120889060200160405180910390a2610a768282611565565b5f5f610f4a836117d2565b9050805f03610f5c57505f1992915050565b610f6e610f6884611751565b8261184d565b9392505050565b610f7d611725565b610f865f611872565b565b610f90611725565b6001600160a01b038116610fe65760405162461bcd60e51b815260206004820152601960248201527f546f6b656e20697320746865207a65726f2061646472657373000000000000006044820152606401610551565b6001600160a01b0381165f9081526002602052604090205460ff16156110455760405162461bcd60e51b8152602060048201526014602482015273105cdcd95d08185b1c9958591e481b1a5cdd195960621b6044820152606401610551565b6001546010116110895760405162461bcd60e51b815260206004820152600f60248201526e546f6f206d616e792061737365747360881b6044820152606401610551565b5f6001600160a01b03821673eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee1461111357816001600160a01b031663313ce5676040518163ffffffff1660e01b8152600401602060405180830381865afa1580156110ea573d5f5f3e3d5ffd5b505050506040513d601f19601f8201168201806040525081019061110e9190611dd5565b611116565b60125b6001600160a01b0383165f818152600260209081526040808320805460ff19908116600190811790925560038452828520805460ff891692168217905581548083018355919094527fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf60180546001600160a01b031916851790555191825292935090917f279b53d62f47bd23dfadd7982464b00fa85148a019262e19ac7aee1f87619841910160405180910390a25050565b5f5f5f5f6111d585611751565b93506111e0856117d2565b925082156111f7576111f2848461184d565b6111fa565b5f195b91505f61271061120c611b5887611d8b565b6112169190611db6565b9050838111611225575f61122f565b61122f8482611d65565b9150509193509193565b611241611725565b6001600160a01b03811661126a57604051631e4fbdf760e01b81525f6004820152602401610551565b61127381611872565b50565b61127e611422565b6112878261143d565b5f81116112a65760405162461bcd60e51b815260040161055190611d1a565b335f9081526005602090815260408083206001600160a01b0386168452909152902054818110156113195760405162461bcd60e51b815260206004820152601760248201527f496e73756666696369656e7420636f6c6c61746572616c0000000000000000006044820152606401610551565b6113238282611d65565b335f8181526005602090815260408083206001600160a01b0389168452909152812092909255611352906117d2565b905080156113d757670de0b6b3a764000061137561136f33611751565b8361184d565b10156113d75760405162461bcd60e51b815260206004820152602b60248201527f5769746864726177616c20776f756c642064726f70206865616c74682066616360448201526a746f722062656c6f77203160a81b6064820152608401610551565b6040518381526001600160a01b0385169033907f9b1bfa7fa9ee420a16e124f794c35ac9f90472acc99140eb2f6447c714cad8eb9060200160405180910390a3610701843385611497565b61142a6118c1565b60025f516020611f125f395f51905f5255565b6001600160a01b0381165f9081526002602052604090205460ff166112735760405162461bcd60e51b815260206004820152601060248201526f105cdcd95d081b9bdd081b1a5cdd195960821b6044820152606401610551565b73eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeed196001600160a01b03841601611551575f826001600160a01b0316826040515f6040518083038185875af1925050503d805f8114611505576040519150601f19603f3d011682016040523d82523d5f602084013e61150a565b606091505b50509050806109bf5760405162461bcd60e51b8152602060048201526013602482015272115512081d1c985b9cd9995c8819985a5b1959606a1b6044820152606401610551565b610bc06001600160a01b03841683836118f0565b73eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeed196001600160a01b038316016115cc578034146107195760405162461bcd60e51b815260206004820152601060248201526f15dc9bdb99c811551208185b5bdd5b9d60821b6044820152606401610551565b341561160d5760405162461bcd60e51b815260206004820152601060248201526f115512081b9bdd081858d8d95c1d195960821b6044820152606401610551565b6107196001600160a01b038316333084611925565b5f825f0361163157505f610f6e565b5f61163c858561195b565b905061171c61164f6101f4612710611d78565b6116599083611d8b565b6001600160a01b0385165f9081526003602052604090205461167f9060ff16600a611ed8565b6040516341976e0960e01b81526001600160a01b038781166004830152612710917f0000000000000000000000000000000000000000000000000000000000000000909116906341976e0990602401602060405180830381865afa1580156116e9573d5f5f3e3d5ffd5b505050506040513d601f19601f8201168201806040525081019061170d9190611ee6565b6117179190611d8b565b611a13565b95945050505050565b5f546001600160a01b03163314610f865760405163118cdaa760e01b8152336004820152602401610551565b5f805b6001548110156117cc575f6001828154811061177257611772611efd565b5f9182526020808320909101546001600160a01b0387811684526005835260408085209190921680855292529091205490915080156117c2576117b5828261195b565b6117bf9085611d78565b93505b5050600101611754565b50919050565b5f805b6001548110156117cc575f600182815481106117f3576117f3611efd565b5f9182526020808320909101546001600160a01b03878116845260068352604080852091909216808552925290912054909150801561184357611836828261195b565b6118409085611d78565b93505b50506001016117d5565b5f610f6e61185d611d4c85611d8b565b670de0b6b3a764000061171761271086611d8b565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b5f516020611f125f395f51905f5254600203610f8657604051633ee5aeb560e01b815260040160405180910390fd5b6118fd8383836001611ac3565b610bc057604051635274afe760e01b81526001600160a01b0384166004820152602401610551565b611933848484846001611b25565b6109bf57604051635274afe760e01b81526001600160a01b0385166004820152602401610551565b6040516341976e0960e01b81526001600160a01b0383811660048301525f91610f6e9184917f0000000000000000000000000000000000000000000000000000000000000000909116906341976e0990602401602060405180830381865afa1580156119c9573d5f5f3e3d5ffd5b505050506040513d601f19601f820116820180604052508101906119ed9190611ee6565b6001600160a01b0386165f908152600360205260409020546117179060ff16600a611ed8565b5f5f5f611a208686611b92565b91509150815f03611a4457838181611a3a57611a3a611da2565b0492505050610f6e565b818411611a5b57611a5b6003851502601118611bae565b5f848688095f868103871696879004966002600389028118808a02820302808a02820302808a02820302808a02820302808a02820302808a02909103029181900381900460010185841190960395909502919093039390930492909217029150509392505050565b60405163a9059cbb60e01b5f8181526001600160a01b038616600452602485905291602083604481808b5af1925060015f51148316611b19578383151615611b0d573d5f823e3d81fd5b5f873b113d1516831692505b60405250949350505050565b6040516323b872dd60e01b5f8181526001600160a01b038781166004528616602452604485905291602083606481808c5af1925060015f51148316611b81578383151615611b75573d5f823e3d81fd5b5f883b113d1516831692505b604052505f60605295945050505050565b5f805f1983850993909202808410938190039390930393915050565b634e487b715f52806020526024601cfd5b80356001600160a01b0381168114611bd5575f5ffd5b919050565b5f5f60408385031215611beb575f5ffd5b611bf483611bbf565b946020939093013593505050565b5f60208284031215611c12575f5ffd5b610f6e82611bbf565b5f5f5f5f60808587031215611c2e575f5ffd5b611c3785611bbf565b9350611c4560208601611bbf565b925060408501359150611c5a60608601611bbf565b905092959194509250565b5f5f5f60608486031215611c77575f5ffd5b611c8084611bbf565b925060208401359150611c9560408501611bbf565b90509250925092565b5f5f60408385031215611caf575f5ffd5b611cb883611bbf565b9150611cc660208401611bbf565b90509250929050565b602080825282518282018190525f918401906040840190835b81811015611d0f5783516001600160a01b0316835260209384019390920191600101611ce8565b509095945050505050565b60208082526017908201527f416d6f756e74206d75737420626520706f736974697665000000000000000000604082015260600190565b634e487b7160e01b5f52601160045260245ffd5b81810381811115610da457610da4611d51565b80820180821115610da457610da4611d51565b8082028115828204841417610da457610da4611d51565b634e487b7160e01b5f52601260045260245ffd5b5f82611dd057634e487b7160e01b5f52601260045260245ffd5b500490565b5f60208284031215611de5575f5ffd5b815160ff81168114610f6e575f5ffd5b6001815b6001841115611e3057808504811115611e1457611e14611d51565b6001841615611e2257908102905b60019390931c928002611df9565b935093915050565b5f82611e4657506001610da4565b81611e5257505f610da4565b8160018114611e685760028114611e7257611e8e565b6001915050610da4565b60ff841115611e8357611e83611d51565b50506001821b610da4565b5060208310610133831016604e8410600b8410161715611eb1575081810a610da4565b611ebd5f198484611df5565b805f1904821115611ed057611ed0611d51565b029392505050565b5f610f6e60ff841683611e38565b5f60208284031215611ef6575f5ffd5b5051919050565b634e487b7160e01b5f52603260045260245ffdfe9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f00a264697066735822122055ca120edb70f7801dca5877fab38649722ecbc03fda3627ddf38a911d8644a064736f6c634300081c0033' as const

/** Storage layout of LendingPool (solc's `storageLayout`): its variables by slot. */
export const lendingPoolStorageLayout = {
  storage: [
    { label: '_owner', offset: 0, slot: '0', type: 't_address' },
    {
      label: '_assetList',
      offset: 0,
      slot: '1',
      type: 't_array(t_address)dyn_storage',
    },
    {
      label: '_listed',
      offset: 0,
      slot: '2',
      type: 't_mapping(t_address,t_bool)',
    },
    {
      label: '_decimals',
      offset: 0,
      slot: '3',
      type: 't_mapping(t_address,t_uint8)',
    },
    {
      label: '_liquidity',
      offset: 0,
      slot: '4',
      type: 't_mapping(t_address,t_uint256)',
    },
    {
      label: '_collateral',
      offset: 0,
      slot: '5',
      type: 't_mapping(t_address,t_mapping(t_address,t_uint256))',
    },
    {
      label: '_debt',
      offset: 0,
      slot: '6',
      type: 't_mapping(t_address,t_mapping(t_address,t_uint256))',
    },
  ],
  types: {
    t_address: { encoding: 'inplace', label: 'address', numberOfBytes: '20' },
    't_array(t_address)dyn_storage': {
      base: 't_address',
      encoding: 'dynamic_array',
      label: 'address[]',
      numberOfBytes: '32',
    },
    t_bool: { encoding: 'inplace', label: 'bool', numberOfBytes: '1' },
    't_mapping(t_address,t_bool)': {
      encoding: 'mapping',
      key: 't_address',
      label: 'mapping(address => bool)',
      numberOfBytes: '32',
      value: 't_bool',
    },
    't_mapping(t_address,t_mapping(t_address,t_uint256))': {
      encoding: 'mapping',
      key: 't_address',
      label: 'mapping(address => mapping(address => uint256))',
      numberOfBytes: '32',
      value: 't_mapping(t_address,t_uint256)',
    },
    't_mapping(t_address,t_uint256)': {
      encoding: 'mapping',
      key: 't_address',
      label: 'mapping(address => uint256)',
      numberOfBytes: '32',
      value: 't_uint256',
    },
    't_mapping(t_address,t_uint8)': {
      encoding: 'mapping',
      key: 't_address',
      label: 'mapping(address => uint8)',
      numberOfBytes: '32',
      value: 't_uint8',
    },
    t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' },
    t_uint8: { encoding: 'inplace', label: 'uint8', numberOfBytes: '1' },
  },
} as const

/** Creation bytecode of PriceFeedAdapter. */
export const priceFeedAdapterBytecode =
  '0x60c060405234801561000f575f5ffd5b506040516108d73803806108d783398101604081905261002e91610080565b6001600160a01b03808416608052821660a0525f61004c82826101da565b50505050610294565b6001600160a01b0381168114610069575f5ffd5b50565b634e487b7160e01b5f52604160045260245ffd5b5f5f5f60608486031215610092575f5ffd5b835161009d81610055565b60208501519093506100ae81610055565b60408501519092506001600160401b038111156100c9575f5ffd5b8401601f810186136100d9575f5ffd5b80516001600160401b038111156100f2576100f261006c565b604051601f8201601f19908116603f011681016001600160401b03811182821017156101205761012061006c565b604052818152828201602001881015610137575f5ffd5b8160208401602083015e5f602083830101528093505050509250925092565b600181811c9082168061016a57607f821691505b60208210810361018857634e487b7160e01b5f52602260045260245ffd5b50919050565b601f8211156101d557805f5260205f20601f840160051c810160208510156101b35750805b601f840160051c820191505b818110156101d2575f81556001016101bf565b50505b505050565b81516001600160401b038111156101f3576101f361006c565b610207816102018454610156565b8461018e565b6020601f821160018114610239575f83156102225750848201515b5f19600385901b1c1916600184901b1784556101d2565b5f84815260208120601f198516915b828110156102685787850151825560209485019460019092019101610248565b508482101561028557868401515f19600387901b60f8161c191681555b50505050600190811b01905550565b60805160a0516106076102d05f395f81816101560152818161026401526103a501525f818160cd015281816102a0015261037601526106075ff3fe608060405234801561000f575f5ffd5b506004361061007a575f3560e01c80637dc0d1d0116100585780637dc0d1d0146100c85780639a6fc8f514610107578063fc0c546a14610151578063feaf968c14610178575f5ffd5b8063313ce5671461007e57806354fd4d501461009d5780637284e416146100b3575b5f5ffd5b610086600881565b60405160ff90911681526020015b60405180910390f35b6100a5600181565b604051908152602001610094565b6100bb610180565b604051610094919061048a565b6100ef7f000000000000000000000000000000000000000000000000000000000000000081565b6040516001600160a01b039091168152602001610094565b61011a6101153660046104bf565b61020b565b6040805169ffffffffffffffffffff968716815260208101959095528401929092526060830152909116608082015260a001610094565b6100ef7f000000000000000000000000000000000000000000000000000000000000000081565b61011a61034e565b5f805461018c906104ef565b80601f01602080910402602001604051908101604052809291908181526020018280546101b8906104ef565b80156102035780601f106101da57610100808354040283529160200191610203565b820191905f5260205f20905b8154815290600101906020018083116101e657829003601f168201915b505050505081565b5f8080808067ffffffffffffffff69ffffffffffffffffffff8716111561024d5760405162461bcd60e51b815260040161024490610527565b60405180910390fd5b6040516339ac15e360e11b81526001600160a01b037f00000000000000000000000000000000000000000000000000000000000000008116600483015267ffffffffffffffff881660248301525f9182917f000000000000000000000000000000000000000000000000000000000000000016906373582bc6906044016040805180830381865afa1580156102e4573d5f5f3e3d5ffd5b505050506040513d601f19601f820116820180604052508101906103089190610550565b91509150805f0361032b5760405162461bcd60e51b815260040161024490610527565b8761033b6402540be40084610572565b9099909891975087965090945092505050565b5f5f5f5f5f61035b61036c565b945094509450945094509091929394565b5f5f5f5f5f5f5f5f7f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031663b83c9a487f00000000000000000000000000000000000000000000000000000000000000006040518263ffffffff1660e01b81526004016103ef91906001600160a01b0391909116815260200190565b606060405180830381865afa15801561040a573d5f5f3e3d5ffd5b505050506040513d601f19601f8201168201806040525081019061042e9190610591565b9250925092508267ffffffffffffffff165f0361045d5760405162461bcd60e51b815260040161024490610527565b67ffffffffffffffff831697506104796402540be40083610572565b979890965086955088945092505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b5f602082840312156104cf575f5ffd5b813569ffffffffffffffffffff811681146104e8575f5ffd5b9392505050565b600181811c9082168061050357607f821691505b60208210810361052157634e487b7160e01b5f52602260045260245ffd5b50919050565b6020808252600f908201526e139bc819185d18481c1c995cd95b9d608a1b604082015260600190565b5f5f60408385031215610561575f5ffd5b505080516020909101519092909150565b5f8261058c57634e487b7160e01b5f52601260045260245ffd5b500490565b5f5f5f606084860312156105a3575f5ffd5b835167ffffffffffffffff811681146105ba575f5ffd5b60208501516040909501519096949550939250505056fea26469706673582212202f47fa048ad6f92a6e53fac632f950f2ae284d35a8609fff09719e8415628a7d64736f6c634300081c0033' as const

/** Storage layout of PriceFeedAdapter (solc's `storageLayout`): its variables by slot. */
export const priceFeedAdapterStorageLayout = {
  storage: [
    { label: 'description', offset: 0, slot: '0', type: 't_string_storage' },
  ],
  types: {
    t_string_storage: {
      encoding: 'bytes',
      label: 'string',
      numberOfBytes: '32',
    },
  },
} as const

/** Creation bytecode of PriceOracle. */
export const priceOracleBytecode =
  '0x6080604052348015600e575f5ffd5b503380603357604051631e4fbdf760e01b81525f600482015260240160405180910390fd5b603a81603f565b50608e565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b610eee8061009b5f395ff3fe608060405234801561000f575f5ffd5b50600436106100fb575f3560e01c806373582bc61161009357806396f770601161006357806396f7706014610251578063a27a87b314610264578063b83c9a4814610277578063f2fde38b14610307575f5ffd5b806373582bc6146101bf5780638da5cb5b146101e75780638edbf436146102015780638fb5a48214610231575f5ffd5b806341976e09116100ce57806341976e0914610156578063457972de146101695780634fdfb0861461017c578063715018a6146101b7575f5ffd5b8063056c05fa146100ff57806308453cf8146101255780632f1605fc1461012e5780633c932bef14610143575b5f5ffd5b61011261010d366004610c99565b61031a565b6040519081526020015b60405180910390f35b610112610e1081565b61014161013c366004610cb2565b610349565b005b610141610151366004610c99565b6103fd565b610112610164366004610c99565b61046e565b610141610177366004610cb2565b61057a565b6101a761018a366004610c99565b6001600160a01b03165f9081526004602052604090205460ff1690565b604051901515815260200161011c565b6101416105f5565b6101d26101cd366004610cda565b610608565b6040805192835260208301919091520161011c565b5f546040516001600160a01b03909116815260200161011c565b61021461020f366004610c99565b610664565b60408051938452602084019290925215159082015260600161011c565b61024461023f366004610d5a565b610724565b60405161011c9190610d98565b61014161025f366004610dda565b6107ca565b610141610272366004610c99565b6108e0565b6102e2610285366004610c99565b6001600160a01b03165f90815260016020908152604091829020825160608101845290546001600160801b0381168083526001600160401b03600160801b83048116948401859052600160c01b9092049091169190930181905292565b604080516001600160401b03909416845260208401929092529082015260600161011c565b610141610315366004610c99565b6109a8565b6001600160a01b0381165f90815260036020526040812054801561033e5780610342565b610e105b9392505050565b6103516109e2565b5f81116103a55760405162461bcd60e51b815260206004820152601a60248201527f486561727462656174206d75737420626520706f73697469766500000000000060448201526064015b60405180910390fd5b6001600160a01b0382165f8181526003602052604090819020839055517f4ea9e94baeeb3668b47d8d9b4cc8f5a1784d783dd263d7d76f8c10d6a10aed44906103f19084815260200190565b60405180910390a25050565b6104056109e2565b6001600160a01b0381165f9081526004602052604090205460ff161561046b576001600160a01b0381165f81815260046020526040808220805460ff19169055517f27e810a75a9534f49f3874cd6aef1cd8ccd4fd9e24acb4c3813ba552851ef7969190a25b50565b6001600160a01b0381165f908152600160209081526040808320815160608101835290546001600160801b03811682526001600160401b03600160801b82048116948301859052600160c01b909104169181019190915290820361050a5760405162461bcd60e51b81526020600482015260136024820152725072696365206e6f7420617661696c61626c6560681b604482015260640161039c565b6105138361031a565b602082015161052b906001600160401b031642610e58565b111561056a5760405162461bcd60e51b815260206004820152600e60248201526d5072696365206973207374616c6560901b604482015260640161039c565b516001600160801b031692915050565b5f546001600160a01b03163314806105a05750335f9081526004602052604090205460ff165b6105e75760405162461bcd60e51b815260206004820152601860248201527721b0b63632b91034b9903737ba1030b7103ab83230ba32b960411b604482015260640161039c565b6105f18282610a0e565b5050565b6105fd6109e2565b6106065f610c2f565b565b6001600160a01b0382165f9081526002602090815260408083206001600160401b038086168552908352928190208151808301909252546001600160801b038116808352600160801b90910490931691018190525b9250929050565b6001600160a01b0381165f908152600160209081526040808320815160608101835290546001600160801b03811682526001600160401b03600160801b82048116948301859052600160c01b9091041691810191909152829182919082036106d6575f5f60019350935093505061071d565b805160208201516106e68761031a565b60208401516106fe906001600160401b031642610e58565b6001600160801b0390931696506001600160401b039091169450109150505b9193909250565b6060816001600160401b0381111561073e5761073e610e71565b604051908082528060200260200182016040528015610767578160200160208202803683370190505b5090505f5b828110156107c35761079e84848381811061078957610789610e85565b90506020020160208101906101649190610c99565b8282815181106107b0576107b0610e85565b602090810291909101015260010161076c565b5092915050565b5f546001600160a01b03163314806107f05750335f9081526004602052604090205460ff165b6108375760405162461bcd60e51b815260206004820152601860248201527721b0b63632b91034b9903737ba1030b7103ab83230ba32b960411b604482015260640161039c565b82811461087f5760405162461bcd60e51b8152602060048201526016602482015275082e4e4c2f240d8cadccee8d0e640dad2e6dac2e8c6d60531b604482015260640161039c565b5f5b838110156108d9576108d185858381811061089e5761089e610e85565b90506020020160208101906108b39190610c99565b8484848181106108c5576108c5610e85565b90506020020135610a0e565b600101610881565b5050505050565b6108e86109e2565b6001600160a01b03811661093e5760405162461bcd60e51b815260206004820152601b60248201527f5570646174657220697320746865207a65726f20616464726573730000000000604482015260640161039c565b6001600160a01b0381165f9081526004602052604090205460ff1661046b576001600160a01b0381165f81815260046020526040808220805460ff19166001179055517ff108372d7b40c87d762ac2bf249b1cf4e05e2438f3bd7642e40c25f0d5d528929190a250565b6109b06109e2565b6001600160a01b0381166109d957604051631e4fbdf760e01b81525f600482015260240161039c565b61046b81610c2f565b5f546001600160a01b031633146106065760405163118cdaa760e01b815233600482015260240161039c565b6001600160a01b038216610a645760405162461bcd60e51b815260206004820152601960248201527f546f6b656e20697320746865207a65726f206164647265737300000000000000604482015260640161039c565b5f8111610aac5760405162461bcd60e51b81526020600482015260166024820152755072696365206d75737420626520706f73697469766560501b604482015260640161039c565b6001600160801b03811115610af55760405162461bcd60e51b815260206004820152600f60248201526e507269636520746f6f206c6172676560881b604482015260640161039c565b6001600160a01b0382165f908152600160208190526040822054610b2a91600160c01b9091046001600160401b031690610e99565b604080516060810182526001600160801b03858116808352426001600160401b038181166020808701828152898416888a018181526001600160a01b038f165f818152600186528c81209b518c5495519351908c166001600160c01b031996871617600160801b948a168502176001600160c01b0316600160c01b918a169190910217909b558b51808d018d52988952888501958652808b52600285528b8b20928b52918452988a9020965187549451981693909116929092179590921690950293909317909155835187815291820152929350917fb556fac599c3c70efb9ab1fa725ecace6c81cc48d1455f886607def065f3e0c0910160405180910390a2505050565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b80356001600160a01b0381168114610c94575f5ffd5b919050565b5f60208284031215610ca9575f5ffd5b61034282610c7e565b5f5f60408385031215610cc3575f5ffd5b610ccc83610c7e565b946020939093013593505050565b5f5f60408385031215610ceb575f5ffd5b610cf483610c7e565b915060208301356001600160401b0381168114610d0f575f5ffd5b809150509250929050565b5f5f83601f840112610d2a575f5ffd5b5081356001600160401b03811115610d40575f5ffd5b6020830191508360208260051b850101111561065d575f5ffd5b5f5f60208385031215610d6b575f5ffd5b82356001600160401b03811115610d80575f5ffd5b610d8c85828601610d1a565b90969095509350505050565b602080825282518282018190525f918401906040840190835b81811015610dcf578351835260209384019390920191600101610db1565b509095945050505050565b5f5f5f5f60408587031215610ded575f5ffd5b84356001600160401b03811115610e02575f5ffd5b610e0e87828801610d1a565b90955093505060208501356001600160401b03811115610e2c575f5ffd5b610e3887828801610d1a565b95989497509550505050565b634e487b7160e01b5f52601160045260245ffd5b81810381811115610e6b57610e6b610e44565b92915050565b634e487b7160e01b5f52604160045260245ffd5b634e487b7160e01b5f52603260045260245ffd5b6001600160401b038181168382160190811115610e6b57610e6b610e4456fea264697066735822122014c786522b021ce7cc505cc4e147b7d05da350620419109d6d8ab4e0ef7e4a4a64736f6c634300081c0033' as const

/** Storage layout of PriceOracle (solc's `storageLayout`): its variables by slot. */
export const priceOracleStorageLayout = {
  storage: [
    { label: '_owner', offset: 0, slot: '0', type: 't_address' },
    {
      label: '_prices',
      offset: 0,
      slot: '1',
      type: 't_mapping(t_address,t_struct(PriceData)14169_storage)',
    },
    {
      label: '_rounds',
      offset: 0,
      slot: '2',
      type: 't_mapping(t_address,t_mapping(t_uint64,t_struct(RoundData)14174_storage))',
    },
    {
      label: '_heartbeats',
      offset: 0,
      slot: '3',
      type: 't_mapping(t_address,t_uint256)',
    },
    {
      label: '_updaters',
      offset: 0,
      slot: '4',
      type: 't_mapping(t_address,t_bool)',
    },
  ],
  types: {
    t_address: { encoding: 'inplace', label: 'address', numberOfBytes: '20' },
    t_bool: { encoding: 'inplace', label: 'bool', numberOfBytes: '1' },
    't_mapping(t_address,t_bool)': {
      encoding: 'mapping',
      key: 't_address',
      label: 'mapping(address => bool)',
      numberOfBytes: '32',
      value: 't_bool',
    },
    't_mapping(t_address,t_mapping(t_uint64,t_struct(RoundData)14174_storage))':
      {
        encoding: 'mapping',
        key: 't_address',
        label:
          'mapping(address => mapping(uint64 => struct PriceOracle.RoundData))',
        numberOfBytes: '32',
        value: 't_mapping(t_uint64,t_struct(RoundData)14174_storage)',
      },
    't_mapping(t_address,t_struct(PriceData)14169_storage)': {
      encoding: 'mapping',
      key: 't_address',
      label: 'mapping(address => struct PriceOracle.PriceData)',
      numberOfBytes: '32',
      value: 't_struct(PriceData)14169_storage',
    },
    't_mapping(t_address,t_uint256)': {
      encoding: 'mapping',
      key: 't_address',
      label: 'mapping(address => uint256)',
      numberOfBytes: '32',
      value: 't_uint256',
    },
    't_mapping(t_uint64,t_struct(RoundData)14174_storage)': {
      encoding: 'mapping',
      key: 't_uint64',
      label: 'mapping(uint64 => struct PriceOracle.RoundData)',
      numberOfBytes: '32',
      value: 't_struct(RoundData)14174_storage',
    },
    't_struct(PriceData)14169_storage': {
      encoding: 'inplace',
      label: 'struct PriceOracle.PriceData',
      members: [
        { label: 'price', offset: 0, slot: '0', type: 't_uint128' },
        { label: 'updatedAt', offset: 16, slot: '0', type: 't_uint64' },
        { label: 'round', offset: 24, slot: '0', type: 't_uint64' },
      ],
      numberOfBytes: '32',
    },
    't_struct(RoundData)14174_storage': {
      encoding: 'inplace',
      label: 'struct PriceOracle.RoundData',
      members: [
        { label: 'price', offset: 0, slot: '0', type: 't_uint128' },
        { label: 'updatedAt', offset: 16, slot: '0', type: 't_uint64' },
      ],
      numberOfBytes: '32',
    },
    t_uint128: { encoding: 'inplace', label: 'uint128', numberOfBytes: '16' },
    t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' },
    t_uint64: { encoding: 'inplace', label: 'uint64', numberOfBytes: '8' },
  },
} as const

/** Creation bytecode of SetCodeDelegate. */
export const setCodeDelegateBytecode =
  '0x6080604052348015600e575f5ffd5b5060fa8061001b5f395ff3fe6080604052348015600e575f5ffd5b50600436106030575f3560e01c80631e81ccb21460345780635c36b18614604d575b5f5ffd5b603b5f5481565b60405190815260200160405180910390f35b60536055565b005b5f8054606190600160a0565b5f81905560405181815290915030907f78a327424158f99dcde9deeb550e97c0f1d53b23ebaec3ac54a53f58504b3c859060200160405180910390a250565b8082018082111560be57634e487b7160e01b5f52601160045260245ffd5b9291505056fea2646970667358221220d2f78784de08a0c53c5b3ce2929dd46f2a321ac757af91b56efc74d69ade164764736f6c634300081c0033' as const

/** Storage layout of SetCodeDelegate (solc's `storageLayout`): its variables by slot. */
export const setCodeDelegateStorageLayout = {
  storage: [{ label: 'pings', offset: 0, slot: '0', type: 't_uint256' }],
  types: {
    t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' },
  },
} as const

/** Creation bytecode of StorageSpam. */
export const storageSpamBytecode =
  '0x6080604052348015600e575f5ffd5b506101a68061001c5f395ff3fe608060405234801561000f575f5ffd5b506004361061003f575f3560e01c80632f048afa14610043578063387dd9e914610058578063a47b328914610089575b5f5ffd5b610056610051366004610134565b610091565b005b610077610066366004610134565b60016020525f908152604090205481565b60405190815260200160405180910390f35b6100775f5481565b5f54805b61009f838361014b565b8110156100ea576040805143602082015290810182905260600160408051601f1981840301815291815281516020928301205f84815260019384905291909120908217905501610095565b506100f5828261014b565b5f5560408051828152602081018490527f3f73b8b482c055b6819642ac58b8dde6f6a563921367de658e8bf088e4f52249910160405180910390a15050565b5f60208284031215610144575f5ffd5b5035919050565b8082018082111561016a57634e487b7160e01b5f52601160045260245ffd5b9291505056fea2646970667358221220e222dcec496f4a24fb70f6ef8f3e4e2d64e1f4740dae5d06ce2447f2ee586de664736f6c634300081c0033' as const

/** Storage layout of StorageSpam (solc's `storageLayout`): its variables by slot. */
export const storageSpamStorageLayout = {
  storage: [
    { label: 'written', offset: 0, slot: '0', type: 't_uint256' },
    {
      label: 'slots',
      offset: 0,
      slot: '1',
      type: 't_mapping(t_uint256,t_uint256)',
    },
  ],
  types: {
    't_mapping(t_uint256,t_uint256)': {
      encoding: 'mapping',
      key: 't_uint256',
      label: 'mapping(uint256 => uint256)',
      numberOfBytes: '32',
      value: 't_uint256',
    },
    t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' },
  },
} as const

/** Creation bytecode of TestToken. */
export const testTokenBytecode =
  '0x60a060405234801561000f575f5ffd5b50604051610d93380380610d9383398101604081905261002e916102f1565b338484600361003d83826103f8565b50600461004a82826103f8565b5050506001600160a01b03811661007b57604051631e4fbdf760e01b81525f60048201526024015b60405180910390fd5b610084816100a5565b5060ff8216608052801561009c5761009c33826100f6565b505050506104d7565b600580546001600160a01b038381166001600160a01b0319831681179093556040519116919082907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a35050565b6001600160a01b03821661011f5760405163ec442f0560e01b81525f6004820152602401610072565b61012a5f838361012e565b5050565b6001600160a01b038316610158578060025f82825461014d91906104b2565b909155506101c89050565b6001600160a01b0383165f90815260208190526040902054818110156101aa5760405163391434e360e21b81526001600160a01b03851660048201526024810182905260448101839052606401610072565b6001600160a01b0384165f9081526020819052604090209082900390555b6001600160a01b0382166101e457600280548290039055610202565b6001600160a01b0382165f9081526020819052604090208054820190555b816001600160a01b0316836001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef8360405161024791815260200190565b60405180910390a3505050565b634e487b7160e01b5f52604160045260245ffd5b5f82601f830112610277575f5ffd5b81516001600160401b0381111561029057610290610254565b604051601f8201601f19908116603f011681016001600160401b03811182821017156102be576102be610254565b6040528181528382016020018510156102d5575f5ffd5b8160208501602083015e5f918101602001919091529392505050565b5f5f5f5f60808587031215610304575f5ffd5b84516001600160401b03811115610319575f5ffd5b61032587828801610268565b602087015190955090506001600160401b03811115610342575f5ffd5b61034e87828801610268565b935050604085015160ff81168114610364575f5ffd5b6060959095015193969295505050565b600181811c9082168061038857607f821691505b6020821081036103a657634e487b7160e01b5f52602260045260245ffd5b50919050565b601f8211156103f357805f5260205f20601f840160051c810160208510156103d15750805b601f840160051c820191505b818110156103f0575f81556001016103dd565b50505b505050565b81516001600160401b0381111561041157610411610254565b6104258161041f8454610374565b846103ac565b6020601f821160018114610457575f83156104405750848201515b5f19600385901b1c1916600184901b1784556103f0565b5f84815260208120601f198516915b828110156104865787850151825560209485019460019092019101610466565b50848210156104a357868401515f19600387901b60f8161c191681555b50505050600190811b01905550565b808201808211156104d157634e487b7160e01b5f52601160045260245ffd5b92915050565b6080516108a46104ef5f395f61013c01526108a45ff3fe608060405234801561000f575f5ffd5b50600436106100cb575f3560e01c806370a082311161008857806395d89b411161006357806395d89b41146101c6578063a9059cbb146101ce578063dd62ed3e146101e1578063f2fde38b14610219575f5ffd5b806370a082311461017b578063715018a6146101a35780638da5cb5b146101ab575f5ffd5b806306fdde03146100cf578063095ea7b3146100ed57806318160ddd1461011057806323b872dd14610122578063313ce5671461013557806340c10f1914610166575b5f5ffd5b6100d761022c565b6040516100e49190610714565b60405180910390f35b6101006100fb366004610764565b6102bc565b60405190151581526020016100e4565b6002545b6040519081526020016100e4565b61010061013036600461078c565b6102d5565b60405160ff7f00000000000000000000000000000000000000000000000000000000000000001681526020016100e4565b610179610174366004610764565b6102f8565b005b6101146101893660046107c6565b6001600160a01b03165f9081526020819052604090205490565b61017961030e565b6005546040516001600160a01b0390911681526020016100e4565b6100d7610321565b6101006101dc366004610764565b610330565b6101146101ef3660046107e6565b6001600160a01b039182165f90815260016020908152604080832093909416825291909152205490565b6101796102273660046107c6565b61033d565b60606003805461023b90610817565b80601f016020809104026020016040519081016040528092919081815260200182805461026790610817565b80156102b25780601f10610289576101008083540402835291602001916102b2565b820191905f5260205f20905b81548152906001019060200180831161029557829003601f168201915b5050505050905090565b5f336102c981858561037f565b60019150505b92915050565b5f336102e2858285610391565b6102ed85858561040d565b506001949350505050565b61030061046a565b61030a8282610497565b5050565b61031661046a565b61031f5f6104cb565b565b60606004805461023b90610817565b5f336102c981858561040d565b61034561046a565b6001600160a01b03811661037357604051631e4fbdf760e01b81525f60048201526024015b60405180910390fd5b61037c816104cb565b50565b61038c838383600161051c565b505050565b6001600160a01b038381165f908152600160209081526040808320938616835292905220545f1981101561040757818110156103f957604051637dc7a0d960e11b81526001600160a01b0384166004820152602481018290526044810183905260640161036a565b61040784848484035f61051c565b50505050565b6001600160a01b03831661043657604051634b637e8f60e11b81525f600482015260240161036a565b6001600160a01b03821661045f5760405163ec442f0560e01b81525f600482015260240161036a565b61038c8383836105ee565b6005546001600160a01b0316331461031f5760405163118cdaa760e01b815233600482015260240161036a565b6001600160a01b0382166104c05760405163ec442f0560e01b81525f600482015260240161036a565b61030a5f83836105ee565b600580546001600160a01b038381166001600160a01b0319831681179093556040519116919082907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0905f90a35050565b6001600160a01b0384166105455760405163e602df0560e01b81525f600482015260240161036a565b6001600160a01b03831661056e57604051634a1406b160e11b81525f600482015260240161036a565b6001600160a01b038085165f908152600160209081526040808320938716835292905220829055801561040757826001600160a01b0316846001600160a01b03167f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925846040516105e091815260200190565b60405180910390a350505050565b6001600160a01b038316610618578060025f82825461060d919061084f565b909155506106889050565b6001600160a01b0383165f908152602081905260409020548181101561066a5760405163391434e360e21b81526001600160a01b0385166004820152602481018290526044810183905260640161036a565b6001600160a01b0384165f9081526020819052604090209082900390555b6001600160a01b0382166106a4576002805482900390556106c2565b6001600160a01b0382165f9081526020819052604090208054820190555b816001600160a01b0316836001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef8360405161070791815260200190565b60405180910390a3505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b80356001600160a01b038116811461075f575f5ffd5b919050565b5f5f60408385031215610775575f5ffd5b61077e83610749565b946020939093013593505050565b5f5f5f6060848603121561079e575f5ffd5b6107a784610749565b92506107b560208501610749565b929592945050506040919091013590565b5f602082840312156107d6575f5ffd5b6107df82610749565b9392505050565b5f5f604083850312156107f7575f5ffd5b61080083610749565b915061080e60208401610749565b90509250929050565b600181811c9082168061082b57607f821691505b60208210810361084957634e487b7160e01b5f52602260045260245ffd5b50919050565b808201808211156102cf57634e487b7160e01b5f52601160045260245ffdfea264697066735822122096d01afa5110011979dc01a39def4bdee476a7e7283b64e431b01a7503b0e44964736f6c634300081c0033' as const

/** Storage layout of TestToken (solc's `storageLayout`): its variables by slot. */
export const testTokenStorageLayout = {
  storage: [
    {
      label: '_balances',
      offset: 0,
      slot: '0',
      type: 't_mapping(t_address,t_uint256)',
    },
    {
      label: '_allowances',
      offset: 0,
      slot: '1',
      type: 't_mapping(t_address,t_mapping(t_address,t_uint256))',
    },
    { label: '_totalSupply', offset: 0, slot: '2', type: 't_uint256' },
    { label: '_name', offset: 0, slot: '3', type: 't_string_storage' },
    { label: '_symbol', offset: 0, slot: '4', type: 't_string_storage' },
    { label: '_owner', offset: 0, slot: '5', type: 't_address' },
  ],
  types: {
    t_address: { encoding: 'inplace', label: 'address', numberOfBytes: '20' },
    't_mapping(t_address,t_mapping(t_address,t_uint256))': {
      encoding: 'mapping',
      key: 't_address',
      label: 'mapping(address => mapping(address => uint256))',
      numberOfBytes: '32',
      value: 't_mapping(t_address,t_uint256)',
    },
    't_mapping(t_address,t_uint256)': {
      encoding: 'mapping',
      key: 't_address',
      label: 'mapping(address => uint256)',
      numberOfBytes: '32',
      value: 't_uint256',
    },
    t_string_storage: {
      encoding: 'bytes',
      label: 'string',
      numberOfBytes: '32',
    },
    t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' },
  },
} as const

/** The storage layouts above, by contract name. */
export const storageLayouts = {
  DevMultiToken: devMultiTokenStorageLayout,
  DevNFT: devNftStorageLayout,
  LendingPool: lendingPoolStorageLayout,
  PriceFeedAdapter: priceFeedAdapterStorageLayout,
  PriceOracle: priceOracleStorageLayout,
  SetCodeDelegate: setCodeDelegateStorageLayout,
  StorageSpam: storageSpamStorageLayout,
  TestToken: testTokenStorageLayout,
} as const
