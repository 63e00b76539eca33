@B-4.1
Feature: Init Authorize (B-4.1)
  The partner initiates a payment through an external payment option: a
  guest payment with the customer's billing data, or a customer-initiated
  payment with a stored payment option. The service answers 201 with the
  payment RECEIVED (B-3), its uniqueReference and the provider's
  authorizationToken. Amounts are Dec(18,2).

  Rule: A guest payment is received with its reference and token

    @B-3
    Scenario: A guest payment is initiated and RECEIVED
      When the partner initiates a guest payment
      Then the call succeeds
      And the response's statusCode is "RECEIVED"
      And the response carries a uniqueReference of at most 36 characters
      And the response carries an authorizationToken of at most 8192 characters
      And the response echoes partnerReference

    @B-3
    Scenario: A payment with a stored payment option is initiated and RECEIVED
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner initiates a payment with the stored payment option
      Then the call succeeds
      And the response's statusCode is "RECEIVED"

  Rule: A guest payment uses a different billing address holding the customer's data

    Scenario Outline: A guest payment without <field> is rejected naming it
      When the partner initiates a guest payment without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | customerFullName |
        | emailAddress     |
        | addr1            |
        | city             |
        | postCode         |
        | countryCode      |

    Scenario: A guest payment with useDifferentBillingAddress false is not a success
      When the partner initiates a guest payment with useDifferentBillingAddress set to false
      Then the call is not a success

    Scenario: A guest payment whose addr1 holds no house number needs houseNumber
      When the partner initiates a guest payment without houseNumber
      Then the call is rejected as a syntax error naming houseNumber

    Scenario: A guest payment whose addr1 holds the house number needs no houseNumber
      When the partner initiates a guest payment with the house number in addr1
      Then the call succeeds

  Rule: accnoType is required only when accno is given

    Scenario: A payment with accno but without accnoType is rejected naming accnoType
      Given the partner has created an account
      When the partner initiates a guest payment to load the account without accnoType
      Then the call is rejected as a syntax error naming accnoType

    Scenario: A payment with accno and accnoType is accepted
      Given the partner has created an account
      When the partner initiates a guest payment to load the account
      Then the call succeeds

    Scenario: A payment without accno needs no accnoType
      When the partner initiates a guest payment
      Then the call succeeds

  Rule: A payment may carry criteria, name and value pairs

    @B-2.5
    Scenario: A guest payment with criteria is accepted
      When the partner initiates a guest payment with criteria
      Then the call succeeds

  Rule: Amounts have at most two decimals

    @A-7 @A-2.0
    Scenario: A presentationAmount with three decimals is a syntax error
      When the partner initiates a guest payment with presentationAmount set to 12.345
      Then the call is rejected as a syntax error

  Rule: Every mandatory field is required

    @A-7
    Scenario Outline: Init Authorize without <field> is rejected naming it
      When the partner initiates a guest payment without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field                      |
        | partnerReference           |
        | programAccno               |
        | presentationAmount         |
        | presentationCurrCode       |
        | presentationUsage          |
        | useDifferentBillingAddress |
        | localDate                  |
        | localTime                  |
