@B-4.12
Feature: Account Enquiry (B-4.12)
  The partner reads a wallet's account entries (B-2.3). count is the total
  under the date filters; top and skip pick among the most recent entries;
  entries are sorted by booking date, ascending unless sortDirection says
  otherwise (the order of entries of one date is open); startDate and
  endDate include their days, startTime and endTime bound them, inclusive,
  and each time requires its date; neutral and pending entries are left out
  unless asked for. top has no default, so the suite reads full listings
  with top 9999; the bounds do not say whether they compare an entry's
  booking or value date, so an entry whose two dates fall on either side of
  a bound may go either way.

  Rule: Entries carry the fields of an account entry

    @B-2.3 @B-2.3#1 @B-4.12#2 @B-4.12#18 @B-4.12#19
    Scenario: The account entries are read
      Given the partner has created an account
      And the account has been loaded with 11.00, 12.00 and 13.00
      When the partner reads the account entries
      Then the call succeeds
      And the response's count is the number of the account's entries
      And the response echoes partnerReference

  Rule: top and skip pick among the most recent entries; count stays the total

    @B-4.12#9 @B-4.12#18
    Scenario: The top parameter picks the most recent entries and count stays the total
      Given the partner has created an account
      And the account has been loaded with 11.00, 12.00 and 13.00, the last a second later
      When the partner reads the account entries with top set to 1
      Then the call succeeds
      And the response's count is the number of the account's entries
      And the response holds 1 entry
      And the returned entries are the most recent ones

    @B-4.12#10
    Scenario: The skip parameter passes over the most recent entries
      Given the partner has created an account
      And the account has been loaded with 11.00, 12.00 and 13.00, the last a second later
      When the partner reads the account entries with skip set to 1
      Then the call succeeds
      And the response holds at most all the account's entries but one
      And the returned entries are the most recent ones

    @B-4.12#24 @B-4.12#10
    Scenario: Skip passes over the most recent entries before top counts the page
      Given the partner has created an account
      And the account has been loaded with 11.00, 12.00 and 13.00, the last a second later
      When the partner reads a page of 2 account entries after skipping 1
      Then the call succeeds
      And the page holds top entries counted after the skipped ones
      And the returned entries are the most recent ones

    @A-7 @B-4.12#22
    Scenario: A top that is not a number is rejected as a syntax error
      Given the partner has created an account
      When the partner reads the account entries with top set to "ten"
      Then the call is rejected as a syntax error

  Rule: Entries are sorted by booking date, ascending by default

    @B-4.12#13
    Scenario: Without sortDirection the entries are in ascending booking date order
      Given the partner has created an account
      And the account has been loaded with 11.00, 12.00 and 13.00
      When the partner reads the account entries
      Then the call succeeds
      And the entries are in ascending booking date order

    @advisory @B-4.12#14
    Scenario: A sortDirection of DESC gives descending booking date order
      Given the partner has created an account
      And the account has been loaded with 11.00, 12.00 and 13.00
      When the partner reads the account entries with sortDirection set to "DESC"
      Then the call succeeds
      And the entries are in descending booking date order

  Rule: startDate and endDate include their days

    @B-4.12#3
    Scenario: Entries from today on include today's entries
      Given the partner has created an account
      And the account has been loaded with 11.00 and 12.00
      When the partner reads the account entries starting today
      Then the call succeeds
      And the response holds exactly the entries its bounds select, and count says as many

    @B-4.12#3
    Scenario: Entries from tomorrow on leave out today's entries
      Given the partner has created an account
      And the account has been loaded with 11.00 and 12.00
      When the partner reads the account entries starting tomorrow
      Then the call succeeds
      And the response holds exactly the entries its bounds select, and count says as many

    @B-4.12#4
    Scenario: Entries up to today include today's entries
      Given the partner has created an account
      And the account has been loaded with 11.00 and 12.00
      When the partner reads the account entries ending today
      Then the call succeeds
      And the response holds exactly the entries its bounds select, and count says as many

    @B-4.12#4
    Scenario: Entries up to yesterday leave out today's entries
      Given the partner has created an account
      And the account has been loaded with 11.00 and 12.00
      When the partner reads the account entries ending yesterday
      Then the call succeeds
      And the response holds exactly the entries its bounds select, and count says as many

  Rule: startTime and endTime bound their days, inclusive

    @B-4.12#6
    Scenario: Entries from the latest booking's time on include it
      Given the partner has created an account
      And the account has been loaded with 11.00 and 12.00
      When the partner reads the account entries starting at the latest booking
      Then the call succeeds
      And the response holds exactly the entries its bounds select, and count says as many

    @B-4.12#6
    Scenario: Entries from a second after the latest booking leave it out
      Given the partner has created an account
      And the account has been loaded with 11.00 and 12.00
      When the partner reads the account entries starting a second after the latest booking
      Then the call succeeds
      And the response holds exactly the entries its bounds select, and count says as many

    @B-4.12#8
    Scenario: Entries up to the earliest booking's time include it
      Given the partner has created an account
      And the account has been loaded with 11.00 and 12.00
      When the partner reads the account entries ending at the earliest booking
      Then the call succeeds
      And the response holds exactly the entries its bounds select, and count says as many

    @B-4.12#8
    Scenario: Entries up to a second before the earliest booking leave it out
      Given the partner has created an account
      And the account has been loaded with 11.00 and 12.00
      When the partner reads the account entries ending a second before the earliest booking
      Then the call succeeds
      And the response holds exactly the entries its bounds select, and count says as many

  Rule: A time requires its date

    @A-7
    Scenario Outline: A <field> without its date is rejected naming <date>
      Given the partner has created an account
      When the partner reads the account entries with <field> set to "000000"
      Then the call is rejected as a syntax error naming <date>

      @B-4.12#5
      Examples: startTime
        | field     | date      |
        | startTime | startDate |

      @B-4.12#7
      Examples: endTime
        | field   | date    |
        | endTime | endDate |

  Rule: Pending entries are left out by default

    @B-4.14 @B-4.12#16
    Scenario: An authorized wallet payment leaves no pending entry in the default listing
      Given the partner has created an account
      And the account has been loaded with 11.00, 12.00 and 13.00
      And the partner has authorized a wallet payment of 5.00 to the merchant
      When the partner reads the account entries
      Then the call succeeds
      And no returned entry is pending

    @advisory @B-4.14 @B-4.12#17
    Scenario: Setting includePendingTransactions to true adds the pending entry of an authorization
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has authorized a wallet payment of 20.00 to the merchant
      When the partner reads every account entry, pending ones included
      Then the call succeeds
      And the response holds every entry of the default listing
      And the response holds a pending entry

  Rule: Neutral entries are left out by default; includeNeutral true adds them

    @B-4.12#11
    Scenario: Without includeNeutral the listing is the one with includeNeutral false
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has a cancelled wallet payment of 20.00 to the merchant
      When the partner reads the account entries
      Then the call succeeds
      And the listing is the one with includeNeutral set to false

    @B-4.12#12
    Scenario: Setting includeNeutral to true lists every account entry and the neutral ones
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has a cancelled wallet payment of 20.00 to the merchant
      When the partner reads every account entry, neutral ones included
      Then the call succeeds
      And the response holds every entry of the default listing

  Rule: Every mandatory parameter is required

    @A-7 @B-4.12#1
    Scenario Outline: Account Enquiry without <field> is rejected naming it
      Given the partner has created an account
      When the partner reads the account entries without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | programCode      |
        | accnoType        |
        | localDate        |
        | localTime        |
