// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// The smallest ERC20 an indexer needs: balances, transfers and the Transfer event. The deployer
/// gets the whole supply.
contract TinyToken {
    event Transfer(address indexed from, address indexed to, uint256 value);

    mapping(address => uint256) public balanceOf;

    constructor(uint256 supply) {
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 balance = balanceOf[msg.sender];
        require(balance >= value, "balance too low");
        unchecked {
            balanceOf[msg.sender] = balance - value;
        }
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }
}
