// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// The read side of a Chainlink-style feed, as privnet's PriceFeedAdapter serves it.
interface AggregatorV3Interface {
    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);
}

/// Reads one of privnet's price feeds and keeps the last answer it recorded.
contract PriceReader {
    AggregatorV3Interface public immutable feed;
    uint80 public recordedRound;
    int256 public recordedAnswer;

    event Recorded(uint80 roundId, int256 answer);

    constructor(AggregatorV3Interface feed_) {
        feed = feed_;
    }

    /// The feed's latest round and answer (8 decimals for privnet's USD feeds).
    function latest() public view returns (uint80 roundId, int256 answer) {
        (roundId, answer,,,) = feed.latestRoundData();
    }

    /// Stores the feed's latest answer on chain.
    function record() external {
        (recordedRound, recordedAnswer) = latest();
        emit Recorded(recordedRound, recordedAnswer);
    }
}
