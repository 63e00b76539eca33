@A-4.12
Feature: Get Payment Options (A-4.12)
  The partner lists the payment options available for the account's account
  type and a transaction type (the profile's transactionTypeCode, AUTH by
  default); each is an available payment option of A-2.5, every listed field
  present, each but its code possibly null.

  Rule: The available options are listed for the transaction type

    @A-2.5 @A-4.12#1 @A-4.12#4 @A-4.12#5 @A-2.5#1 @A-2.5#2 @A-2.5#3
    Scenario: The available payment options are listed
      Given the partner has created an account
      When the partner lists the available payment options
      Then the call succeeds
      And the response echoes partnerReference and programCode
      And the response echoes transactionTypeCode
      And the response names the account of the call in accno
      And the available payment options include the profile's payment option

  Rule: Every parameter is required

    @A-7 @A-4.12#2
    Scenario Outline: Get Payment Options without <field> is rejected naming it
      Given the partner has created an account
      When the partner lists the available payment options without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field               |
        | partnerReference    |
        | programCode         |
        | accnoType           |
        | transactionTypeCode |
        | localDate           |
        | localTime           |
