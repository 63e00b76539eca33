@B-4.12
Feature: Account Enquiry (B-4.12)
  The partner reads a wallet's account entries (B-2.3). count is the total
  under the date filters; top and skip pick among the most recent entries;
  entries are sorted by booking date, ascending unless sortDirection says
  otherwise; a startTime requires its startDate and an endTime its endDate;
  neutral and pending entries are left out unless asked for.

  Rule: Entries carry the fields of an account entry

    @B-2.3
    Scenario: The account entries are read
      Given the partner has created an account
      And the account has been loaded with 11.00, 12.00 and 13.00
      When the partner reads the account entries
      Then the call succeeds
      And the response's count is the number of the account's entries
      And the response echoes partnerReference

  Rule: count is the total under the date filters, whatever the page

    Scenario: top picks the most recent entries and count stays the total
      Given the partner has created an account
      And the account has been loaded with 11.00, 12.00 and 13.00, the last a second later
      When the partner reads the account entries with top set to 1
      Then the call succeeds
      And the response's count is the number of the account's entries
      And the response holds 1 entry
      And the returned entries are the most recent ones

    Scenario: skip passes over the most recent entries
      Given the partner has created an account
      And the account has been loaded with 11.00, 12.00 and 13.00, the last a second later
      When the partner reads the account entries with skip set to 1
      Then the call succeeds
      And the response holds all the account's entries but one
      And the returned entries are the most recent ones

  Rule: Entries are sorted by booking date, ascending by default

    Scenario: Without sortDirection the entries are in ascending order
      Given the partner has created an account
      And the account has been loaded with 11.00, 12.00 and 13.00, the last a second later
      When the partner reads the account entries
      Then the call succeeds
      And the entries are in ascending booking order

    Scenario: sortDirection DESC gives descending order
      Given the partner has created an account
      And the account has been loaded with 11.00, 12.00 and 13.00, the last a second later
      When the partner reads the account entries with sortDirection set to "DESC"
      Then the call succeeds
      And the entries are in descending booking order

  Rule: Date bounds select the entries of their days

    Scenario: Entries from today on include today's entries
      Given the partner has created an account
      And the account has been loaded with 11.00, 12.00 and 13.00
      When the partner reads the account entries starting today
      Then the call succeeds
      And the response's count is the number of the account's entries

    Scenario: Entries from tomorrow on are none
      Given the partner has created an account
      And the account has been loaded with 11.00, 12.00 and 13.00
      When the partner reads the account entries starting tomorrow
      Then the call succeeds
      And the response's count is "0"
      And the response holds 0 entries

    Scenario: Entries up to yesterday are none
      Given the partner has created an account
      And the account has been loaded with 11.00, 12.00 and 13.00
      When the partner reads the account entries ending yesterday
      Then the call succeeds
      And the response's count is "0"

  Rule: A time requires its date

    @A-7
    Scenario Outline: <field> without its date is rejected naming <date>
      Given the partner has created an account
      When the partner reads the account entries with <field> set to "000000"
      Then the call is rejected as a syntax error naming <date>

      Examples:
        | field     | date      |
        | startTime | startDate |
        | endTime   | endDate   |

  Rule: Pending entries are left out by default

    @B-4.14
    Scenario: An authorized wallet payment leaves no pending entry in the default listing
      Given the partner has created an account
      And the account has been loaded with 11.00, 12.00 and 13.00
      And the partner has authorized a wallet payment of 5.00 to the merchant
      When the partner reads the account entries
      Then the call succeeds
      And no returned entry is pending

  Rule: Every mandatory parameter is required

    @A-7
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
