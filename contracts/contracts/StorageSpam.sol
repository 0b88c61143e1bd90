// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title StorageSpam
/// @notice Writes fresh storage slots: the storage-spam scenario's load, which grows the state by
/// `count` slots per call (each a zero-to-nonzero write, 22,100 gas).
/// @dev Slot `k` of the sequence is `slots[k]`, stored at `keccak256(abi.encode(k, 1))`: anyone can
/// find every slot written with `eth_getStorageAt` from `written` alone.
contract StorageSpam {
    /// @notice How many slots have been written: the next write starts at this index.
    uint256 public written;
    /// @notice The slots, by index in the sequence; each is nonzero once written.
    mapping(uint256 index => uint256 value) public slots;

    /// @notice `count` fresh slots were written, from index `first`.
    event Written(uint256 first, uint256 count);

    /// @notice Writes the next `count` slots of the sequence, each with a nonzero value.
    function write(uint256 count) external {
        uint256 first = written;
        for (uint256 index = first; index < first + count; index++) {
            slots[index] = uint256(keccak256(abi.encode(block.number, index))) | 1;
        }
        written = first + count;
        emit Written(first, count);
    }
}
