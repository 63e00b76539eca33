@B-4.1
Feature: Init Authorize (B-4.1)
  The partner initiates a payment through an external payment option: a
  guest payment with the customer's billing data, or a customer-initiated
  payment with a stored payment option. The service answers 201 with the
  payment RECEIVED (B-3), its uniqueReference and the provider's
  authorizationToken. Amounts are Dec(18,2). A guest's data "hold real
  customer data; inaccurate data may cause rejection": the suite sends the
  profile's test customer, and a scenario whose guest payment is refused
  for what could be that data is blocked, naming the customer's keys.

  Rule: A guest payment is received with its reference and token

    @B-3 @B-2.1 @B-4.1#1 @B-4.1#12 @B-3#1 @B-2.1#1 @B-2.1#5
    Scenario: A guest payment is initiated and RECEIVED
      When the partner initiates a guest payment
      Then the call succeeds
      And the response's statusCode is "RECEIVED"
      And the response carries a uniqueReference of at most 36 characters
      And the response carries an authorizationToken of at most 8192 characters
      And the response echoes partnerReference

  Rule: A customer-initiated payment names its stored option and uses the account owner's address

    @B-3 @B-4.1#11 @B-4.1#12 @B-3#1
    Scenario: A payment with a stored payment option is initiated and RECEIVED
      Given the partner has created an account
      And the partner has stored a verified payment option
      When the partner initiates a payment with the stored payment option
      Then the call succeeds
      And the response's statusCode is "RECEIVED"
      And the response names the stored payment option

    @B-4.7 @B-4.1#11
    Scenario: A payment with a stored payment option uses the account owner's address
      Given the partner has created an account
      And the partner has stored a verified payment option with the owner's address for billing
      When the partner initiates a payment with the stored payment option
      Then the call succeeds
      And the payment status shows the account owner's address

  Rule: A guest payment uses a different billing address holding the customer's data

    @B-4.1#8
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

    @A-7 @B-4.1#7 @A-7#6
    Scenario: A guest payment with useDifferentBillingAddress false is not a success
      When the partner initiates a guest payment with useDifferentBillingAddress set to false
      Then the call is not a success

    @B-4.1#9
    Scenario: A guest payment whose addr1 holds no house number needs houseNumber
      When the partner initiates a guest payment without houseNumber
      Then the call is rejected as a syntax error naming houseNumber

    @B-4.1#9
    Scenario: A guest payment whose addr1 holds the house number needs no houseNumber
      When the partner initiates a guest payment with the house number in addr1
      Then the call succeeds

  Rule: storedPaymentOptionReference or paymentOptionCode names the payment option

    @B-4.1#6
    Scenario: A guest payment that names no payment option is a handled error
      When the partner initiates a guest payment without paymentOptionCode
      Then the call fails as a handled error

  Rule: accnoType is required only when accno is given

    @B-4.1#5
    Scenario: A payment with accno but without accnoType is rejected naming accnoType
      Given the partner has created an account
      When the partner initiates a guest payment to load the account without accnoType
      Then the call is rejected as a syntax error naming accnoType

    @B-4.1#5
    Scenario: A payment with accno and accnoType is accepted
      Given the partner has created an account
      When the partner initiates a guest payment to load the account
      Then the call succeeds

    @B-4.1#5 @B-4 @B-4#1
    Scenario: A payment without accno needs no accnoType
      When the partner initiates a guest payment
      Then the call succeeds

  Rule: A payment may carry criteria, name and value pairs

    @B-2.5 @B-2.5#1
    Scenario: A guest payment with criteria is accepted
      When the partner initiates a guest payment with criteria
      Then the call succeeds

  Rule: Amounts have at most two decimals, texts at most their length

    @A-7 @A-2.0 @A-2.0#6 @B-4.1#3
    Scenario: A presentationAmount with three decimals is a handled error
      When the partner initiates a guest payment with presentationAmount set to 12.345
      Then the call fails as a handled error

    @B-4.1#3
    Scenario: A presentationUsage of 128 characters is a handled error
      When the partner initiates a guest payment with presentationUsage of 128 characters
      Then the call fails as a handled error

  Rule: Every mandatory field is required

    @A-7 @B-4.1#2
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
