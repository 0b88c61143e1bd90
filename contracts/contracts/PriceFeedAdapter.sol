// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AggregatorV3Interface} from "./interfaces/AggregatorV3Interface.sol";
import {PriceOracle} from "./PriceOracle.sol";

/// @title PriceFeedAdapter
/// @notice Presents one token's PriceOracle price as a Chainlink AggregatorV3Interface feed, so
/// consumers written for Chainlink read privnet prices unchanged.
/// @dev Answers have 8 decimals, like Chainlink's USD feeds (the oracle's 1e18 price divided by
/// 1e10, rounded down). Like a Chainlink feed, it does not revert on a stale price: consumers
/// compare `updatedAt` with their own limit. Every round since the oracle's deployment stays
/// readable through getRoundData; round 0, a round not written yet and a token whose price was
/// never set revert "No data present", as Chainlink's feeds do.
contract PriceFeedAdapter is AggregatorV3Interface {
    uint8 public constant override decimals = 8;
    uint256 public constant override version = 1;

    PriceOracle public immutable oracle;
    address public immutable token;
    string public override description;

    constructor(PriceOracle oracle_, address token_, string memory description_) {
        oracle = oracle_;
        token = token_;
        description = description_;
    }

    function latestRoundData()
        external
        view
        override
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        return _latest();
    }

    function getRoundData(uint80 roundId)
        external
        view
        override
        returns (uint80 roundId_, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        // The oracle numbers rounds in 64 bits: a larger id is a round that cannot exist.
        require(roundId <= type(uint64).max, "No data present");
        (uint256 price, uint256 timestamp) = oracle.getRound(token, uint64(roundId));
        require(timestamp != 0, "No data present");
        return (roundId, int256(price / 1e10), timestamp, timestamp, roundId);
    }

    function _latest()
        private
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        (uint64 round, uint256 price, uint256 timestamp) = oracle.latestRound(token);
        require(round != 0, "No data present");
        roundId = uint80(round);
        answer = int256(price / 1e10);
        return (roundId, answer, timestamp, timestamp, roundId);
    }
}
