@A-4.13
Feature: Get Stored Payment Options (A-4.13)
  The partner lists the payment options stored on an account, each a stored
  payment option of A-2.6; transactionTypeCode is optional, and what it
  filters is not shown: a listing for a transaction type may leave out an
  option not usable for it (one not yet verified), so it is asked of a
  verified option and only advised. The order of the listing is not shown
  and not asserted.

  Rule: The stored options are listed, with or without a transaction type

    @A-2.6 @A-4.13#1 @A-4.13#2 @A-4.13#3 @A-4.13#4
    Scenario: The stored payment options are listed
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner lists the stored payment options
      Then the call succeeds
      And the response echoes partnerReference and programCode
      And the response names the account of the call in accno
      And the listed payment options include the payment option

    @A-2.6 @A-4.13#2 @A-4.13#7
    Scenario: The stored payment options are listed for a transaction type
      Given the partner has created an account
      And the partner has stored a verified payment option
      When the partner lists the stored payment options for the profile's transaction type
      Then the call succeeds
      And the listed payment options include the payment option (advisory)

  Rule: The listing holds the options of the account in the call, and only those

    @A-4.13#6
    Scenario: An option stored on another account is not listed
      Given the partner has created an account
      And the partner has stored a payment option
      And the partner has stored a payment option on another account
      When the partner lists the stored payment options
      Then the call succeeds
      And the listed payment options are the account's own, and only those

  Rule: Every mandatory parameter is required

    @A-7 @A-4.13#2
    Scenario Outline: Get Stored Payment Options without <field> is rejected naming it
      Given the partner has created an account
      When the partner lists the stored payment options without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | programCode      |
        | accnoType        |
        | localDate        |
        | localTime        |
